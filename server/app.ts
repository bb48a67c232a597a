import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '../contract/locales.ts';
import type { Config } from './config.ts';
import { connect } from './db/connect.ts';
import type { Db } from './db/schema.ts';
import { registerAppShell } from './http/app-shell.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling, registerNotFound } from './http/errors.ts';
import { httpError } from './http/http-error.ts';
import { registerIdParams } from './http/id-params.ts';
import { registerRoutes } from './http/index.ts';
import { pusherApiRoutes } from './http/pusher-api.ts';
import { PRESENCE_WEBHOOK_PATH } from './http/support.ts';
import { securityHeaders } from './http/security-headers.ts';
import { negotiateLocale, t } from './i18n/index.ts';
import { logDestination } from './log-destination.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createHttpApi } from './realtime/http-api.ts';
import { createRealtime, type Realtime } from './realtime/index.ts';
import { CALENDAR_CHANGED_EVENT, CALENDAR_CHANNEL } from '../contract/realtime.ts';
import { type Clock, systemClock } from './services/clock.ts';
import { createServices, type ServiceHooks, type Services } from './services/index.ts';
import { memoryThrottles, redisThrottles } from './services/throttle.ts';
import { createPlatform, type CreatePlatformOptions, type TradingPlatform } from './platform/index.ts';
import { relayPlatform } from './services/platform-relay.ts';
import { RECONCILE_INTERVAL_MINUTES_DEFAULT, scheduleReconciliation } from './services/reconciliation.ts';
import { scheduleIpoLapses } from './services/ipo.ts';
import { scheduleDataExports } from './services/privacy.ts';
import { scheduleAccrual } from './services/partners/index.ts';

/** Minutes between two checks whether yesterday's partner rewards are accrued. */
const PARTNER_ACCRUAL_CHECK_MINUTES = 15;

/** Largest request body accepted (JSON); larger ones get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Node's default time for the request headers. */
const HEADERS_TIMEOUT_MS = 60_000;
/** Node's default pace of its request-timeout checks: a slow request is cut within this after its limit. */
const CHECK_INTERVAL_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: Services;
    realtime: Realtime;
  }
  interface FastifyRequest {
    /** The answer's language, from Accept-Language. */
    locale: Locale;
  }
}

export interface AppDeps {
  /** An open database; default: opened from `config.database` and closed with the app. */
  db?: Db;
  clock?: Clock;
  /** Default: from `config.mail` (SMTP, or files in the outbox). */
  mailer?: Mailer;
  /** The realtime hub and broadcaster; default: as `config` asks (see realtime/index.ts). */
  realtime?: Realtime;
  /** Hook points between features (service requests → chat, calendar → realtime). */
  hooks?: ServiceHooks;
  /** The trading platform; default: as `config.platform` asks (server/platform/index.ts), started here and closed with the app. */
  platform?: TradingPlatform;
  /** Options of the default platform (tests: a manual price feed, no back-fill). */
  platformOptions?: Pick<CreatePlatformOptions, 'feed' | 'backfillDays'>;
}

/**
 * One log line per request, written when its answer has gone ("request": method, URL, status,
 * milliseconds), rather than Fastify's two ("incoming", "completed"). Fastify asks its log
 * controller about every answer anyway; an onResponse hook writing the same line cost a turn
 * of Fastify's hook runner per request on top (docs/adr/0111).
 */
class RequestLines extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  }
}

/**
 * The whole HTTP server, not yet listening: main.ts listens, tests use `app.inject()`.
 * The database must already be migrated (see db/migrate.ts).
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, stream: logDestination() },
    logController: new RequestLines(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A request, body included, must arrive within requestTimeoutMs (Fastify's default: never);
    // headers within 60 s. Node checks both every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, Math.max(10, Math.floor(config.requestTimeoutMs / 4))),
      requireHostHeader: false,
    },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });

  const db = deps.db ?? connect(config.database);
  if (!deps.db) app.addHook('onClose', async () => db.destroy());
  const realtime = deps.realtime ?? (await createRealtime(config, app.log));
  // The hub shares the API's port: it answers WebSocket upgrades of /app/{key}.
  realtime.hub?.attach(app.server);
  const clock = deps.clock ?? systemClock;
  const platform = deps.platform ?? createPlatform({ config, db, clock, log: app.log, ...deps.platformOptions });
  // Every process relays what its platform reports (the leader's ticks, this process's orders) to the sockets.
  const unrelay = relayPlatform(platform, realtime.broadcaster, app.log);
  // Before the HTTP server stops: the platform's feed stops, then sockets close with 4200 so that clients reconnect at once.
  app.addHook('preClose', async () => {
    stopReconciling();
    stopLapsing();
    stopExporting();
    await stopCopying();
    stopAccruing();
    unrelay();
    await platform.close();
    await realtime.close();
  });
  // With Redis the throttles hold across every app process; else in this process's memory.
  const throttleStore = config.redisUrl ? await redisThrottles(config.redisUrl) : memoryThrottles();
  app.addHook('onClose', async () => throttleStore.close());
  const services = createServices({
    throttleStore,
    platform,
    db,
    config,
    clock,
    broadcaster: realtime.broadcaster,
    log: app.log,
    mailer: deps.mailer ?? createMailer(config),
    reportMailError: (err, mail) => app.log.error({ err, to: mail.to, subject: mail.subject }, 'mail not sent'),
    hooks: deps.hooks ?? {
      // A service request reaches the manager where they work: as a system message in the client's chat.
      notifyStaff: async (request) => {
        const heading = t(request.lang, 'chat.service_request', { id: request.id, title: request.service.title });
        const text = heading + (request.note ? `\n${request.note}` : '');
        await services.chat.postSystemMessage(request.user_id, text);
      },
      // Open calendars refetch when staff change an event. The change is stored by now: a failed
      // publish (Redis down) is logged, never left to reject unhandled, which would end the process.
      calendarChanged: (change) =>
        void realtime.broadcaster
          .publish(CALENDAR_CHANNEL, CALENDAR_CHANGED_EVENT, change)
          .catch((err: unknown) => app.log.error({ err, change }, 'calendar change not broadcast')),
    },
  });
  // Before the feed starts: the first ticks already reach the copier, the stop-loss and the bots.
  const stopCopying = services.investing.start();
  await platform.start();
  const stopReconciling = scheduleReconciliation(services, config.reconcileIntervalMinutes ?? RECONCILE_INTERVAL_MINUTES_DEFAULT, app.log);
  const stopLapsing = scheduleIpoLapses(services.ipo, app.log);
  const stopExporting = scheduleDataExports(services.privacy, app.log);
  // The partner program's daily accrual: every process tries, one claims each day (docs/adr/0095).
  const stopAccruing = scheduleAccrual(services.partners.rewards, PARTNER_ACCRUAL_CHECK_MINUTES, app.log);
  app.decorate('db', db);
  app.decorate('services', services);
  app.decorate('realtime', realtime);

  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('auth', null);
  // What every request needs, in one callback hook rather than one hook each (a hook costs a turn
  // of Fastify's runner, an async one a promise too; docs/adr/0091, 0098): the answer's language,
  // the security headers, and `no-store` on the API's answers. Set before the route runs, so a
  // route's own header still wins.
  const headers = await securityHeaders({ https: config.appUrl.startsWith('https:') });
  app.addHook('onRequest', (request, reply, done) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
    reply.headers(headers);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    // HTTP/1.1 requires Host; Node's own refusal (requireHostHeader, off above) has no body.
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) return done(httpError(400, request.locale, 'http.bad_request'));
    done();
  });

  // JSON only (multipart arrives with the features that upload files). An empty body is no
  // body, as in Laravel; anything but JSON is 415.
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });

  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerIdParams(app);

  await registerRoutes(app, { services, config, db });
  if (realtime.hub) {
    const { appId, key, secret } = config.pusher;
    await app.register(pusherApiRoutes, { api: createHttpApi({ appId, key, secret, hub: realtime.hub, broadcaster: realtime.broadcaster }) });
  }

  // The embedded hub's webhooks reach the app's own receiver through the very route an external
  // Pusher-compatible service posts to (docs/realtime.md, "How the app hears its own webhooks").
  if (realtime.hub && realtime.webhooks) {
    // Without Redis this process's hub is the only one, and it starts empty: no one recorded before is still there.
    if (!config.redisUrl) await services.support.forgetMembers();
    const stopReceiving = realtime.webhooks.addReceiver(
      async (headers, body) => (await app.inject({ method: 'POST', url: PRESENCE_WEBHOOK_PATH, headers, payload: body })).statusCode,
    );
    app.addHook('onClose', async () => stopReceiving());
  }

  const serveAppShell = await registerAppShell(app, {
    staticDir: config.staticDir,
    secureCookies: config.appUrl.startsWith('https:'),
    oauthProviders: services.oauth.enabled().length,
    // The signed-in frame greets the session's user (docs/adr/0112): the same read as the API's bearer check.
    userOf: async (token) => (await services.auth.authenticate(token))?.user ?? null,
    now: () => clock(),
  });
  registerNotFound(app, serveAppShell);

  return app;
}
