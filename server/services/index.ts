import type { Config } from '../config.ts';
import type { Db } from '../db/schema.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { createAuthService, type AuthService } from './auth.ts';
import { createChatService, type ChatService } from './chat.ts';
import type { Clock } from './clock.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { createThrottle, type Throttle } from './throttle.ts';
import { createTokenService, type TokenService } from './tokens.ts';
import { createUserService, type UserService } from './users.ts';

/** Failed logins allowed per e-mail and IP within LOGIN_THROTTLE_WINDOW_MS; the next is refused with 429. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_THROTTLE_WINDOW_MS = 60_000;

export interface Services {
  passwords: PasswordHasher;
  users: UserService;
  tokens: TokenService;
  auth: AuthService;
  loginThrottle: Throttle;
  chat: ChatService;
}

export interface ServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  broadcaster: Broadcaster;
  log?: { error(obj: object, msg: string): void };
}

export function createServices({ db, config, clock, broadcaster, log }: ServiceDeps): Services {
  const passwords = createPasswordHasher(config.passwordHashing);
  const users = createUserService({ db, clock, passwords });
  const tokens = createTokenService({ db, clock });
  const loginThrottle = createThrottle({ maxAttempts: LOGIN_MAX_ATTEMPTS, windowMs: LOGIN_THROTTLE_WINDOW_MS, clock });
  const auth = createAuthService({ users, tokens, passwords, loginThrottle });
  const chat = createChatService({ db, clock, broadcaster, ...(log ? { log } : {}) });
  return { passwords, users, tokens, auth, loginThrottle, chat };
}
