import { createFileRoute, redirect } from '@tanstack/react-router';

/** Seed: `/{lang}/` redirects to login (which sends a signed-in user home). */
export const Route = createFileRoute('/$lang/')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: '/$lang/login', params: { lang: context.lang }, replace: true });
  },
});
