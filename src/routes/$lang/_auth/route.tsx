import { createFileRoute } from '@tanstack/react-router';
import { selectIsSignedIn } from '../../../../machines/session/session.selectors';
import { screenCatalogueGroup } from '../../../lib/catalogue-groups';
import { catalogueStep, requireAuth } from '../../../lib/guards';
import { lazyScreen } from '../../../lib/lazy';

/** Login-required screens, in the main layout. */
export const Route = createFileRoute('/$lang/_auth')({
  beforeLoad: async ({ context, location }) => {
    await requireAuth(context.runtime, context.lang, location.href);
    // The time zone's cookie (docs/adr/0112), kept while the words and the screen load, in a task
    // of its own: the page's first Intl object loads the browser's locale data, which the screen's
    // dates and amounts would otherwise pay inside their first render (docs/adr/0116).
    import('../../../lib/time-zone').then(({ rememberTimeZone }) => rememberTimeZone(), () => undefined);
    // The screens' chunk map (./-screens.ts) comes while the words load: the screen's own chunk
    // then starts without a further round trip. A failure here is the screen's to report.
    import('./-screens').catch(() => undefined);
    // The frame's words and the screen's own (docs/adr/0100), fetched side by side.
    await Promise.all([catalogueStep(context.runtime, 'app'), catalogueStep(context.runtime, screenCatalogueGroup('app', location.pathname))]);
  },
  // Signed out (or the session ended): the next person on this tab must not see this one's
  // cached data. A change of language also leaves this match, and keeps the cache.
  onLeave: ({ context }) => {
    if (!selectIsSignedIn(context.runtime.session.getSnapshot())) void context.load('forgetSignedInData');
  },
  component: lazyScreen(() => import('./-layout'), 'SignedInLayout'),
});
