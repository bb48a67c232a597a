import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '../src/contract/locales.ts';
import type { Config } from './config.ts';
import { connect } from './db/connect.ts';
import type { Db } from './db/schema.ts';
import { registerAppShell, serveAppShell } from './http/app-shell.ts';
import { registerErrorHandling, registerNotFound } from './http/errors.ts';
import { articleRoutes } from './http/articles.ts';
import { calendarRoutes } from './http/calendar.ts';
import { healthRoutes } from './http/health.ts';
import { registrationRoutes } from './http/registration.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { serviceRoutes } from './http/services.ts';
import { sessionRoutes } from './http/session.ts';
import { userRoutes } from './http/user.ts';
import { negotiateLocale } from './i18n/index.ts';
import { type Clock, systemClock } from './services/clock.ts';
import { createServices, type ServiceHooks, type Services } from './services/index.ts';

/** Largest request body accepted (JSON); larger ones get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: Services;
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
  /** Hook points between features (service requests → chat, calendar → realtime). */
  hooks?: ServiceHooks;
}

/**
 * The whole HTTP server, not yet listening: main.ts listens, tests use `app.inject()`.
 * The database must already be migrated (see db/migrate.ts).
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  });

  const db = deps.db ?? connect(config.database);
  if (!deps.db) app.addHook('onClose', async () => db.destroy());
  const services = createServices({ db, config, clock: deps.clock ?? systemClock, ...(deps.hooks ? { hooks: deps.hooks } : {}) });
  app.decorate('db', db);
  app.decorate('services', services);

  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
  });

  // JSON only (multipart arrives with the features that upload files). An empty body is no
  // body, as in Laravel; anything but JSON is 415.
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, { https: config.appUrl.startsWith('https:') });
  registerErrorHandling(app);

  await app.register(healthRoutes, { db });
  await app.register(sessionRoutes, { services });
  await app.register(registrationRoutes, { services });
  await app.register(userRoutes, { services });
  await app.register(articleRoutes, { services });
  await app.register(serviceRoutes, { services });
  await app.register(calendarRoutes, { services });

  await registerAppShell(app, { staticDir: config.staticDir, secureCookies: config.appUrl.startsWith('https:') });
  registerNotFound(app, serveAppShell);

  return app;
}
