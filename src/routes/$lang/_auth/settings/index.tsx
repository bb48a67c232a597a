import { createFileRoute, redirect } from '@tanstack/react-router';

/** Seed: an empty settings child redirects to the profile. */
export const Route = createFileRoute('/$lang/_auth/settings/')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: '/$lang/settings/profile', params: { lang: context.lang }, replace: true });
  },
});
