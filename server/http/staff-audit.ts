import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import type { StaffAuditService } from '../services/staff-audit.ts';
import type { Guards } from './authenticate.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every mutating staff route: its successful requests are written to the audit log. */
    staffAudited?: boolean;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Never written to the log, whatever route carries them. */
const SECRET = /pass|secret|token|code|otp|key|signature/i;
const TEXT_MAX = 300;
const SUMMARY_MAX = 4_000;

/** The request's params and body as the log keeps them: secrets masked, long texts cut, files left out. */
export function summaryOf(params: unknown, body: unknown): Record<string, unknown> {
  const clean = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return value.length > TEXT_MAX ? `${value.slice(0, TEXT_MAX)}…` : value;
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
    if (depth > 4 || value === undefined || Buffer.isBuffer(value)) return undefined;
    if (Array.isArray(value)) return value.slice(0, 20).map((item) => clean(item, depth + 1));
    if (typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .map(([key, item]) => [key, SECRET.test(key) ? '***' : clean(item, depth + 1)] as const)
          .filter(([, item]) => item !== undefined),
      );
    }
    return undefined;
  };
  const summary: Record<string, unknown> = {};
  const p = clean(params, 0);
  const b = clean(body, 0);
  if (p && typeof p === 'object' && Object.keys(p).length > 0) summary.params = p;
  if (b !== undefined && !(typeof b === 'object' && b !== null && Object.keys(b).length === 0)) summary.body = b;
  return JSON.stringify(summary).length > SUMMARY_MAX ? { ...(summary.params ? { params: summary.params } : {}), truncated: true } : summary;
}

/** "/api/admin/wallet-requests/:id/approve" → "wallet-requests"; the id from `:id` or the first parameter. */
export function objectOf(url: string, params: unknown): { type: string; id: string | null } {
  const segments = url.split('/').filter((s) => s && s !== 'api' && s !== 'admin' && !s.startsWith(':'));
  const values = (params ?? {}) as Record<string, unknown>;
  const id = values.id ?? Object.values(values)[0];
  return { type: segments[0] ?? url, id: id === undefined || id === null ? null : String(id) };
}

const audited = new WeakMap<FastifyInstance, Set<string>>();

/** "METHOD /url" of every route registerStaffAudit records, for the test that no staff route escapes. */
export function auditedRoutesOf(app: FastifyInstance): ReadonlySet<string> {
  return audited.get(app) ?? new Set();
}

/**
 * The one recording point of the staff audit log (docs/adr/0088): every route guarded by
 * `guard.admin` whose method changes something gets an onSend hook that writes its successful
 * requests (who, route, object, params and body, address, browser) before the answer leaves,
 * so a staff route added later is covered without a line of its own. Registered before the routes.
 */
export function registerStaffAudit(app: FastifyInstance, deps: { guard: Guards; staffAudit: StaffAuditService }): void {
  const { guard, staffAudit } = deps;
  const record: onSendAsyncHookHandler = async function recordStaffAction(request: FastifyRequest, reply: FastifyReply, payload) {
    const auth = request.auth;
    if (reply.statusCode >= 400 || !auth) return payload;
    const url = request.routeOptions.url ?? request.url;
    const object = objectOf(url, request.params);
    await staffAudit
      .record({
        actor: { id: auth.user.id, name: `${auth.user.first_name} ${auth.user.second_name}`.trim(), email: auth.user.email },
        action: `${request.method} ${url}`,
        objectType: object.type,
        objectId: object.id,
        summary: summaryOf(request.params, request.body),
        status: reply.statusCode,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      })
      .catch((err: unknown) => request.log.error({ err }, 'staff audit: not recorded'));
    return payload;
  };
  const routes = new Set<string>();
  audited.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const guards = [route.preValidation].flat();
    if (!methods.some((m) => MUTATING.has(m)) || !guards.includes(guard.admin)) return;
    route.config = { ...route.config, staffAudited: true };
    for (const method of methods) routes.add(`${method} ${route.url}`);
    route.onSend = [...[route.onSend ?? []].flat(), record];
  });
}
