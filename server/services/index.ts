import type { Config } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { createArticleService, type ArticleService } from './articles.ts';
import { createAuthService, type AuthService } from './auth.ts';
import { type CalendarChanged, createCalendarService, type CalendarService } from './calendar.ts';
import type { Clock } from './clock.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { createServiceCatalogService, type NotifyStaff, type ServiceCatalogService } from './service-requests.ts';
import { createThrottle, type Throttle } from './throttle.ts';
import { createTokenService, type TokenService } from './tokens.ts';
import { createUserService, type UserService } from './users.ts';

/** Failed logins allowed per e-mail and IP within LOGIN_THROTTLE_WINDOW_MS; the next is refused with 429. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_THROTTLE_WINDOW_MS = 60_000;
/** Service requests a user may send within SERVICE_REQUEST_WINDOW_MS; the next is refused with 429. */
export const SERVICE_REQUEST_MAX = 10;
export const SERVICE_REQUEST_WINDOW_MS = 3_600_000;

export interface Services {
  passwords: PasswordHasher;
  users: UserService;
  tokens: TokenService;
  auth: AuthService;
  loginThrottle: Throttle;
  serviceRequestThrottle: Throttle;
  articles: ArticleService;
  serviceCatalog: ServiceCatalogService;
  calendar: CalendarService;
}

/** Points where other features plug in; each defaults to doing nothing. */
export interface ServiceHooks {
  /** After a service request is stored (the chat posts it into the client's support chat). */
  notifyStaff?: NotifyStaff;
  /** After a calendar event changes (the realtime hub tells open calendars to refetch). */
  calendarChanged?: CalendarChanged;
}

export function createServices({
  db,
  config,
  clock,
  hooks = {},
}: {
  db: Db;
  config: Config;
  clock: Clock;
  hooks?: ServiceHooks;
}): Services {
  const passwords = createPasswordHasher(config.passwordHashing);
  const users = createUserService({ db, clock, passwords });
  const tokens = createTokenService({ db, clock });
  const loginThrottle = createThrottle({ maxAttempts: LOGIN_MAX_ATTEMPTS, windowMs: LOGIN_THROTTLE_WINDOW_MS, clock });
  const auth = createAuthService({ users, tokens, passwords, loginThrottle });
  const articles = createArticleService({ db, clock });
  const serviceCatalog = createServiceCatalogService({
    db,
    clock,
    ...(hooks.notifyStaff ? { notifyStaff: hooks.notifyStaff } : {}),
    onNotifyError: (error) => console.error('notifyStaff failed for a stored service request', error),
  });
  const calendar = createCalendarService({ db, clock, ...(hooks.calendarChanged ? { changed: hooks.calendarChanged } : {}) });
  const serviceRequestThrottle = createThrottle({ maxAttempts: SERVICE_REQUEST_MAX, windowMs: SERVICE_REQUEST_WINDOW_MS, clock });
  return { passwords, users, tokens, auth, loginThrottle, serviceRequestThrottle, articles, serviceCatalog, calendar };
}
