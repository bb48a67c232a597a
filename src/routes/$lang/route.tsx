import { createFileRoute, redirect } from '@tanstack/react-router';
import type { Locale } from '../../../contract/locales';
import { fetchUserStep, localeStep, normalisedLangPath } from '../../lib/guards';

/** Every route: fix the language prefix, load that language, then fetch the user when a token exists. */
export const Route = createFileRoute('/$lang')({
  beforeLoad: async ({ context, params, location, preload }) => {
    const current = context.runtime.locale.getSnapshot().context.locale;
    const hash = location.hash ? `#${location.hash}` : '';
    const fixed = normalisedLangPath(location.pathname, location.searchStr, hash, current);
    if (fixed) throw redirect({ href: fixed, replace: true });
    const lang = params.lang as Locale;
    // A preload (a link the pointer rests on, or focus reaches) only warms the route up: it never
    // makes its language the app's. Right after a change of language the screen being left still
    // shows links in the old one, and one under a resting pointer switched the app back.
    if (!preload) await localeStep(context.runtime, lang);
    await fetchUserStep(context.runtime);
    return { lang };
  },
});
