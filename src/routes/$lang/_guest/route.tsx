import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireGuest } from '../../../lib/guards';

/** Guest-only screens: a signed-in user goes home. */
export const Route = createFileRoute('/$lang/_guest')({
  beforeLoad: ({ context }) => requireGuest(context.runtime, context.lang),
  component: Outlet,
});
