import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` has no language prefix: the current locale is prepended, then `/{lang}/` leads to login. */
export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: '/$lang', params: { lang: context.runtime.locale.getSnapshot().context.locale } });
  },
});
