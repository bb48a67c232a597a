import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { selectIsLoading } from '../../machines/locale/locale.selectors';
import {
  selectHasAnyRole,
  selectIsAdmin,
  selectIsResolving,
  selectIsSignedIn,
} from '../../machines/session/session.selectors';
import { isLocale, type Locale } from '../../contract/locales';
import type { CatalogueGroup } from './catalogue-groups';
import { loadGroupMessages } from './i18n';
import { rememberIntendedUrl } from './intended';
import type { Runtime } from './runtime';

/**
 * Route guards (seed, section 2) as `beforeLoad` steps. Each waits on a machine's snapshot,
 * never on a timer, and leaves by throwing a redirect.
 */

export function settledSession(runtime: Runtime) {
  return waitFor(runtime.session, (snapshot) => !selectIsResolving(snapshot), { timeout: Infinity });
}

/** Locale: make the URL's language current and wait until its messages are loaded. */
export async function localeStep(runtime: Runtime, lang: Locale): Promise<void> {
  if (runtime.locale.getSnapshot().context.locale !== lang) {
    runtime.locale.send({ type: 'locale.change', locale: lang });
  }
  await waitFor(runtime.locale, (snapshot) => !selectIsLoading(snapshot), { timeout: Infinity });
}

/**
 * A route group's messages (src/lib/catalogue-groups.ts), in the language just made current: the
 * group's screens never show before their words, so ru and ua never flash English.
 */
export async function catalogueStep(runtime: Runtime, group: CatalogueGroup): Promise<void> {
  await loadGroupMessages(runtime.locale.getSnapshot().context.locale, group);
}

/** A first segment that is not a supported language: rewrite it (two letters) or prepend the current one. */
export function normalisedLangPath(pathname: string, search: string, hash: string, current: Locale): string | null {
  const [, first = '', ...rest] = pathname.split('/');
  if (isLocale(first)) return null;
  const tail = /^[a-z]{2}$/i.test(first) ? rest.join('/') : [first, ...rest].join('/');
  return `/${current}/${tail}${search}${hash}`;
}

/**
 * Fetch-user: a token without a user fetches the user; a failure is ignored and navigation goes on.
 * The session machine starts that fetch itself whenever it holds a token without a user (at start-up
 * and after sign-in; signed out never keeps a token), so the guard only waits for it to settle.
 */
export async function fetchUserStep(runtime: Runtime): Promise<void> {
  await settledSession(runtime);
}

/** Login-required: remember where the visitor wanted to go, then send them to login. */
export async function requireAuth(runtime: Runtime, lang: Locale, href: string): Promise<void> {
  const snapshot = await settledSession(runtime);
  if (!selectIsSignedIn(snapshot)) {
    rememberIntendedUrl(href);
    throw redirect({ to: '/$lang/login', params: { lang } });
  }
}

/** Guest-only: a signed-in user goes home. */
export async function requireGuest(runtime: Runtime, lang: Locale): Promise<void> {
  const snapshot = await settledSession(runtime);
  if (selectIsSignedIn(snapshot)) throw redirect({ to: '/$lang/home', params: { lang } });
}

/** Admin-only: a user who is not an admin goes home with the current language. */
export async function requireAdmin(runtime: Runtime, lang: Locale): Promise<void> {
  const snapshot = await settledSession(runtime);
  if (!selectIsAdmin(snapshot)) throw redirect({ to: '/$lang/home', params: { lang } });
}

/** Role: a comma-separated list; a user holding none of them goes to unauthorized. */
export async function requireRole(runtime: Runtime, lang: Locale, roles: string): Promise<void> {
  const wanted = roles
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  const snapshot = await settledSession(runtime);
  if (!selectHasAnyRole(snapshot, wanted)) throw redirect({ to: '/$lang/unauthorized', params: { lang } });
}
