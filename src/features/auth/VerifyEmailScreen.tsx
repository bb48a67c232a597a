import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorBody, messageOf } from '../../lib/http';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { verifyEmail } from './api/recovery';
import { AuthCard } from './AuthCard';
import { LoadingState } from '../../ui/LoadingState';

const route = getRouteApi('/$lang/_guest/email/verify/$id');

type Outcome = { kind: 'pending' } | { kind: 'verified'; status: string } | { kind: 'failed'; message: string };

/** Posts the mailed link to the API once, then shows success or why it failed. */
export function VerifyEmailScreen() {
  const { t } = useLingui();
  const lang = useLang();
  usePageTitle(t`Verify e-mail`);
  const { id } = route.useParams();
  const search = route.useSearch();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });

  useEffect(() => {
    let live = true;
    verifyEmail(id, search).then(
      (answer) => live && setOutcome({ kind: 'verified', status: answer.status }),
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
          <Link to="/$lang/login" params={{ lang }} className="btn btn-primary btn-lg btn-block">
            <Trans>Sign in</Trans>
          </Link>
        </div>
      ) : (
        <div className="form-grid">
          <div className="banner banner-error" role="alert">
            {outcome.message}
          </div>
          <Link to="/$lang/email/resend" params={{ lang }} className="btn btn-secondary btn-lg btn-block">
            <Trans>Send a new link</Trans>
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
