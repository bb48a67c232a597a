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

/** Every operation of the OpenAPI document (GET /api/openapi.json), `{param}` written as `:param`. */
export function documentedRoutes(document: { paths: Record<string, Record<string, unknown>> }): Route[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') })),
  );
}
