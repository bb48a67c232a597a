import { createFileRoute, redirect } from '@tanstack/react-router';

/** Seed: an empty administration child redirects to the chats. */
export const Route = createFileRoute('/$lang/_auth/_admin/administration/')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: '/$lang/administration/chats', params: { lang: context.lang }, replace: true });
  },
});
