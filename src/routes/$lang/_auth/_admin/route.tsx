import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAdmin } from '../../../../lib/guards';

/** Admin-only: anyone else goes home. */
export const Route = createFileRoute('/$lang/_auth/_admin')({
  beforeLoad: ({ context }) => requireAdmin(context.runtime, context.lang),
  component: Outlet,
});
