import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { catalogueStep, requireAdmin } from '../../../../lib/guards';

/**
 * Admin-only: anyone else goes home. Staff without a second factor (the admin API answers them
 * 403 `two_factor_enrolment_required`) go to Settings → Security, which says why.
 */
export const Route = createFileRoute('/$lang/_auth/_admin')({
  beforeLoad: async ({ context }) => {
    await requireAdmin(context.runtime, context.lang);
    // The staff screens' chunk map (./-screens.ts) comes while the words load, as in _auth.
    import('./-screens').catch(() => undefined);
    await catalogueStep(context.runtime, 'admin');
    const status = await context.load('securityStatus').catch(() => null);
    if (status?.required && status.methods.includes('password')) {
      throw redirect({ to: '/$lang/settings/security', params: { lang: context.lang } });
    }
  },
  component: Outlet,
});
