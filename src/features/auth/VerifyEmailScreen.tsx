import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectIsSignedIn } from '../../../machines/session/session.selectors';
import { errorBody, messageOf } from '../../lib/http';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { useLang } from '../../lib/use-lang';
import { LoadingState } from '../../ui/LoadingState';
import { verifyEmail } from './api/recovery';
import { AuthCard } from './AuthCard';

const route = getRouteApi('/$lang/email/verify/$id');

type Outcome = { kind: 'pending' } | { kind: 'verified'; status: string } | { kind: 'failed'; message: string };

/**
 * Posts the mailed link to the API once, then shows success (with the way on: sign in, or back
 * to the profile for a signed-in user whose new address this confirmed) or why it failed.
 */
export function VerifyEmailScreen() {
  const { t } = useLingui();
  const lang = useLang();
  usePageTitle(t`Verify e-mail`);
  const runtime = useRuntime();
  const signedIn = useSelector(runtime.session, selectIsSignedIn);
  const { id } = route.useParams();
  const search = route.useSearch();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });

  useEffect(() => {
    let live = true;
    verifyEmail(id, search).then(
      (answer) => {
        if (!live) return;
        setOutcome({ kind: 'verified', status: answer.status });
        // The address (or its verification) changed: the stored user must show it.
        if (runtime.session.getSnapshot().context.user) runtime.session.send({ type: 'session.refresh' });
      },
      (error: unknown) =>
        live &&
        setOutcome({
          kind: 'failed',
          message: messageOf(errorBody(error)) ?? t`Something went wrong. Please try again.`,
        }),
    );
    return () => {
      live = false;
    };
    // The link is posted once per visit, whatever the other values do.
  }, [id]);

  return (
    <AuthCard title={t`Verify e-mail`}>
      {outcome.kind === 'pending' ? (
        <LoadingState />
      ) : outcome.kind === 'verified' ? (
        <div className="form-grid">
          <div className="banner banner-success" role="status">
            {outcome.status}
          </div>
          {signedIn ? (
            <Link to="/$lang/settings/profile" params={{ lang }} className="btn btn-primary btn-lg btn-block">
              <Trans>Back to your profile</Trans>
            </Link>
          ) : (
            <Link to="/$lang/login" params={{ lang }} className="btn btn-primary btn-lg btn-block">
              <Trans>Sign in</Trans>
            </Link>
          )}
        </div>
      ) : (
        <div className="form-grid">
          <div className="banner banner-error" role="alert">
            {outcome.message}
          </div>
          <p className="field-hint">
            <Trans>A link works for 60 minutes and only for the address it was sent to.</Trans>
          </p>
          {signedIn ? (
            // The resend screen is for guests; a signed-in user asks again from the profile.
            <Link to="/$lang/settings/profile" params={{ lang }} className="btn btn-secondary btn-lg btn-block">
              <Trans>Back to your profile</Trans>
            </Link>
          ) : (
            <Link to="/$lang/email/resend" params={{ lang }} className="btn btn-secondary btn-lg btn-block">
              <Trans>Send a new link</Trans>
            </Link>
          )}
        </div>
      )}
    </AuthCard>
  );
}
