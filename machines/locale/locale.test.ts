import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contract/locales';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { localeMachine } from './locale.machine';
import { localeModel } from './locale.model';
import {
  selectHasFailed,
  selectHasManyLocales,
  selectIsLoading,
  selectLocale,
  selectLocales,
  selectRequestedLocale,
} from './locale.selectors';

const pathsByInput = modelPaths(localeModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('locale machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(localeModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(localeMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

function startLocale(
  cookieLocale: string | undefined,
  load: (locale: Locale) => Promise<void> = async () => {},
  urlLocale?: string,
) {
  const calls = {
    loaded: [] as Locale[],
    activated: [] as Locale[],
    persisted: [] as Locale[],
    deletedCookie: 0,
  };
  const machine = localeMachine.provide({
    actors: {
      loadMessages: fromPromise(({ input }) => {
        calls.loaded.push(input.locale);
        return load(input.locale);
      }),
    },
    actions: {
      activate: (_, { locale }) => void calls.activated.push(locale),
      persistLocale: (_, { locale }) => void calls.persisted.push(locale),
      deleteLocaleCookie: () => void (calls.deletedCookie += 1),
    },
  });
  const actor = createActor(machine, { input: { locales: LOCALES, defaultLocale: DEFAULT_LOCALE, cookieLocale, urlLocale } });
  const emitted: unknown[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  return { actor, calls, emitted };
}

const settled = (actor: ReturnType<typeof startLocale>['actor']) =>
  waitFor(actor, (snapshot) => !selectIsLoading(snapshot));

describe('locale machine', () => {
  it('starts with the cookie locale when it is supported, without deleting the cookie', async () => {
    const { actor, calls } = startLocale('ru');
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    const snapshot = await settled(actor);
    expect(selectLocale(snapshot)).toBe('ru');
    expect(calls.activated).toEqual(['ru']);
    expect(calls.deletedCookie).toBe(0);
  });

  it("loads only the address's language at start, and keeps it as the visitor's choice when the cookie said another", async () => {
    const { actor, calls } = startLocale('en', undefined, 'ru');
    expect(selectRequestedLocale(actor.getSnapshot())).toBe('ru');
    const snapshot = await settled(actor);
    expect(selectLocale(snapshot)).toBe('ru');
    expect(calls.loaded).toEqual(['ru']);
    expect(calls.activated).toEqual(['ru']);
    expect(calls.persisted).toEqual(['ru']);
  });

  it('loads the address\'s language without persisting it when the cookie already names it', async () => {
    const { actor, calls } = startLocale('ua', undefined, 'ua');
    const snapshot = await settled(actor);
    expect(selectLocale(snapshot)).toBe('ua');
    expect(calls.loaded).toEqual(['ua']);
    expect(calls.persisted).toEqual([]);
  });

  it('ignores an address segment that is no language', async () => {
    const { actor, calls } = startLocale(undefined, undefined, 'login');
    const snapshot = await settled(actor);
    expect(selectLocale(snapshot)).toBe('en');
    expect(calls.loaded).toEqual(['en']);
  });

  it('deletes an invalid locale cookie at start and uses the default locale', async () => {
    const { actor, calls } = startLocale('de');
    const snapshot = await settled(actor);
    expect(calls.deletedCookie).toBe(1);
    expect(selectLocale(snapshot)).toBe(DEFAULT_LOCALE);
  });

  it('uses the default locale without touching cookies when there is no cookie', async () => {
    const { actor, calls } = startLocale(undefined);
    const snapshot = await settled(actor);
    expect(selectLocale(snapshot)).toBe('en');
    expect(calls.deletedCookie).toBe(0);
    expect(calls.persisted).toEqual([]);
  });

  it('loads the messages of each locale once, however often it is chosen', async () => {
    const { actor, calls } = startLocale('en');
    await settled(actor);
    for (const locale of ['ru', 'en', 'ru', 'ua', 'en'] as const) {
      actor.send({ type: 'locale.change', locale });
      await settled(actor);
      expect(selectLocale(actor.getSnapshot())).toBe(locale);
    }
    expect(calls.loaded).toEqual(['en', 'ru', 'ua']);
  });

  it('activates and persists a chosen locale after its messages are loaded', async () => {
    let finish = () => {};
    const { actor, calls } = startLocale('en', (locale) =>
      locale === 'ru' ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve(),
    );
    await settled(actor);
    actor.send({ type: 'locale.change', locale: 'ru' });
    expect(selectRequestedLocale(actor.getSnapshot())).toBe('ru');
    expect(selectLocale(actor.getSnapshot())).toBe('en');
    expect(calls.activated).toEqual(['en']);
    finish();
    const snapshot = await settled(actor);
    expect(selectLocale(snapshot)).toBe('ru');
    expect(calls.activated).toEqual(['en', 'ru']);
    expect(calls.persisted).toEqual(['ru']);
  });

  it('switches at once to a locale already loaded, persisting it', async () => {
    const { actor, calls } = startLocale('en');
    await settled(actor);
    actor.send({ type: 'locale.change', locale: 'ru' });
    await settled(actor);
    actor.send({ type: 'locale.change', locale: 'en' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectLocale(actor.getSnapshot())).toBe('en');
    expect(calls.persisted).toEqual(['ru', 'en']);
  });

  it('ignores an unsupported locale and the active one', async () => {
    const { actor, calls } = startLocale('en');
    await settled(actor);
    actor.send({ type: 'locale.change', locale: 'de' });
    actor.send({ type: 'locale.change', locale: 'en' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.loaded).toEqual(['en']);
    expect(calls.persisted).toEqual([]);
  });

  it('keeps the previous locale and emits loadFailed when loading a new one fails', async () => {
    const { actor, calls, emitted } = startLocale('en', (locale) =>
      locale === 'ua' ? Promise.reject(new Error('chunk')) : Promise.resolve(),
    );
    await settled(actor);
    actor.send({ type: 'locale.change', locale: 'ua' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('ready');
    expect(selectLocale(snapshot)).toBe('en');
    expect(selectRequestedLocale(snapshot)).toBe('en');
    expect(calls.persisted).toEqual([]);
    expect(emitted).toEqual([{ type: 'locale.loadFailed', locale: 'ua' }]);
  });

  it('fails when the very first load fails, and recovers on retry', async () => {
    let attempts = 0;
    const { actor, calls, emitted } = startLocale('ru', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
    });
    const failed = await settled(actor);
    expect(failed.value).toBe('failed');
    expect(selectHasFailed(failed)).toBe(true);
    expect(emitted).toEqual([{ type: 'locale.loadFailed', locale: 'ru' }]);
    actor.send({ type: 'locale.retry' });
    const ready = await settled(actor);
    expect(ready.value).toBe('ready');
    expect(selectLocale(ready)).toBe('ru');
    expect(calls.activated).toEqual(['ru']);
  });

  it('lets the latest change win while messages are loading', async () => {
    const pending = new Map<Locale, () => void>();
    const loads = new Map<Locale, Promise<void>>();
    const { actor, calls } = startLocale('en', (locale) => {
      if (locale === 'en') return Promise.resolve();
      const load = new Promise<void>((resolve) => pending.set(locale, resolve));
      loads.set(locale, load);
      return load;
    });
    await settled(actor);
    actor.send({ type: 'locale.change', locale: 'ru' });
    actor.send({ type: 'locale.change', locale: 'ua' });
    pending.get('ru')?.();
    // The machine's own reaction to the ru load was attached first, so it has run once this resumes.
    await loads.get('ru');
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    pending.get('ua')?.();
    const snapshot = await settled(actor);
    expect(selectLocale(snapshot)).toBe('ua');
    expect(calls.activated).toEqual(['en', 'ua']);
    expect(calls.persisted).toEqual(['ua']);
  });

  it('cancels a pending load when the user goes back to a loaded locale', async () => {
    const { actor, calls } = startLocale('en', (locale) =>
      locale === 'en' ? Promise.resolve() : new Promise<void>(() => {}),
    );
    await settled(actor);
    actor.send({ type: 'locale.change', locale: 'ru' });
    actor.send({ type: 'locale.change', locale: 'en' });
    const snapshot = await settled(actor);
    expect(selectLocale(snapshot)).toBe('en');
    expect(calls.loaded).toEqual(['en', 'ru']);
  });

  it('persists a locale chosen while the first messages were still loading', async () => {
    const { actor, calls } = startLocale('en');
    actor.send({ type: 'locale.change', locale: 'ru' });
    const snapshot = await settled(actor);
    expect(selectLocale(snapshot)).toBe('ru');
    expect(calls.persisted).toEqual(['ru']);
  });
});

describe('locale selectors', () => {
  it('lists the locales and offers a choice only when there is more than one', async () => {
    const { actor } = startLocale('en');
    expect(selectLocales(actor.getSnapshot())).toEqual(LOCALES);
    expect(selectHasManyLocales(actor.getSnapshot())).toBe(true);
    const single = createActor(localeMachine, {
      input: { locales: ['en'], defaultLocale: 'en', cookieLocale: undefined },
    }).start();
    expect(selectHasManyLocales(single.getSnapshot())).toBe(false);
    single.stop();
  });
});
