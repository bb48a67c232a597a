import type { FastifyInstance } from 'fastify';

/** A route as the app registered it: `GET /api/trading-account/:id/balance-history`. */
export interface Route {
  method: string;
  url: string;
}

export const routeKey = (route: Route) => `${route.method} ${route.url}`;

const TREE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the app answers, read from Fastify's own route tree (`printRoutes`), so a route
 * added tomorrow is fuzzed without touching the fuzz. HEAD twins of GET and the app shell's
 * catch-all (`*`) are left out: the catch-all is reached by the odd URLs instead.
 */
export function registeredRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(url);
    if (url.includes('*')) continue;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** Every `METHOD /path` that docs/api.md names in code spans, `{param}` written as `:param`. */
export function documentedRoutes(apiMarkdown: string): Route[] {
  const found = new Map<string, Route>();
  for (const match of apiMarkdown.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s?[]+)/g)) {
    const route = { method: match[1]!, url: match[2]!.replace(/\{(\w+)\}/g, ':$1') };
    found.set(routeKey(route), route);
  }
  return [...found.values()];
}
