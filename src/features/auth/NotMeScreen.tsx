import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { NotMeResult } from '../../../contract/security-activity';
import { selectIsSignedIn } from '../../../machines/session/session.selectors';
import { errorBody, messageOf } from '../../lib/http';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { useLang } from '../../lib/use-lang';
import { reportNotMe } from './api/not-me';
import { AuthCard } from './AuthCard';
import './not-me.css';

const route = getRouteApi('/$lang/security/not-me/$token');

type Step = { kind: 'confirm' } | { kind: 'busy' } | { kind: 'done'; result: NotMeResult } | { kind: 'failed'; message: string };

/**
 * The new-device mail's "This wasn't me" link: says what will happen and acts only on a press
 * (a mail scanner opening the link changes nothing), then says what was done and the way back in.
 */
export function NotMeScreen() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  usePageTitle(t`Secure your account`);
  const runtime = useRuntime();
  const signedIn = useSelector(runtime.session, selectIsSignedIn);
  const { token } = route.useParams();
  const [step, setStep] = useState<Step>({ kind: 'confirm' });

  const confirm = async () => {
    setStep({ kind: 'busy' });
    try {
      setStep({ kind: 'done', result: await reportNotMe(token) });
    } catch (error) {
      setStep({ kind: 'failed', message: messageOf(errorBody(error)) ?? t`Something went wrong. Please try again.` });
    }
  };

  if (step.kind === 'done') {
    const until = step.result.withdrawals_held_until;
    const when = until ? i18n.date(new Date(until), { dateStyle: 'long', timeStyle: 'short' }) : null;
    return (
      <AuthCard title={t`Your account is secured`}>
        <div className="form-grid">
          <div className="banner banner-success" role="status">
            <span>
              <Trans>Every session and remembered device is signed out.</Trans>
            </span>
          </div>
          <ul className="not-me-list">
            {when ? (
              <li>
                <Trans>Withdrawals from live accounts are held until {when}.</Trans>
              </li>
            ) : null}
            <li>
              <Trans>We sent a link to choose a new password to your e-mail address. Choose one you have not used before.</Trans>
            </li>
          </ul>
          {signedIn ? (
            <button type="button" className="btn btn-primary btn-lg btn-block" onClick={() => runtime.session.send({ type: 'session.logout' })}>
              <Trans>Sign out of this tab</Trans>
            </button>
          ) : (
            <Link to="/$lang/password/reset" params={{ lang }} className="btn btn-primary btn-lg btn-block">
              <Trans>Choose a new password</Trans>
            </Link>
          )}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Was this sign-in not you?`}>
      <div className="form-grid">
        {step.kind === 'failed' ? (
          <div className="banner banner-error" role="alert">
            <span>{step.message}</span>
          </div>
        ) : null}
        <p>
          <Trans>If someone else signed in to your account, we will:</Trans>
        </p>
        <ul className="not-me-list">
          <li>
            <Trans>sign out every session and forget every remembered device, this one included;</Trans>
          </li>
          <li>
            <Trans>hold withdrawals from live accounts for a while;</Trans>
          </li>
          <li>
            <Trans>send you a link to choose a new password.</Trans>
          </li>
        </ul>
        {step.kind === 'failed' ? (
          <Link to="/$lang/password/reset" params={{ lang }} className="btn btn-secondary btn-lg btn-block">
            <Trans>Reset your password</Trans>
          </Link>
        ) : (
          <button type="button" className="btn btn-primary btn-lg btn-block" disabled={step.kind === 'busy'} aria-busy={step.kind === 'busy'} onClick={() => void confirm()}>
            <Trans>Secure my account</Trans>
          </button>
        )}
      </div>
    </AuthCard>
  );
}
