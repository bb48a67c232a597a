import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { formatMoney } from '../../../contract/money';
import type { ClosureBlocker } from '../../../contract/privacy';
import { queryClient } from '../../data/query-client';
import { errorBody, errorStatus, messageOf } from '../../lib/http';
import { useRuntime } from '../../lib/runtime-context';
import { useLang } from '../../lib/use-lang';
import { LoadError } from '../../ui/LoadError';
import { SettingsSection } from '../settings';
import { closeAccount, closureQuery, privacyKeys } from './api/privacy-calls';

/** One line per thing that stops the closing, with the account it is on. */
function useBlockerText() {
  const { t } = useLingui();
  const lang = useLang();
  return (b: ClosureBlocker): string => {
    const account = 'account_number' in b ? b.account_number : '';
    switch (b.reason) {
      case 'balance': {
        const amount = formatMoney(b.amount, b.currency, b.precision, lang);
        return t`Account ${account} holds ${amount}: withdraw it or transfer it.`;
      }
      case 'positions': {
        const count = b.count;
        return t`Account ${account} has open positions (${count}): close them.`;
      }
      case 'pending_request': {
        const amount = formatMoney(b.amount, b.currency, b.precision, lang);
        const reference = b.reference;
        return b.kind === 'withdrawal'
          ? t`A withdrawal of ${amount} from account ${account} (${reference}) is waiting for a decision.`
          : b.kind === 'deposit'
            ? t`A deposit of ${amount} to account ${account} (${reference}) is waiting for a decision.`
            : t`A payment of ${amount} on account ${account} (${reference}) is still in progress.`;
      }
      case 'ipo_hold': {
        const amount = formatMoney(b.amount, b.currency, b.precision, lang);
        const company = b.company;
        return t`${amount} on account ${account} is held by your application to the ${company} IPO: cancel it or wait for the allocation.`;
      }
      case 'partner_wallet': {
        const amount = formatMoney(b.amount, b.currency, b.precision, lang);
        return t`Your partner wallet holds ${amount}: withdraw it or transfer it to a trading account.`;
      }
      case 'partner_payout': {
        const amount = formatMoney(b.amount, b.currency, b.precision, lang);
        const reference = b.reference;
        return t`A partner withdrawal of ${amount} (${reference}) is waiting for a decision.`;
      }
    }
  };
}

/**
 * Close my account: what is deleted, what the law makes us keep and why, what stops it now; then
 * a confirmation and the step-up the server asks for (the HTTP client opens its dialog).
 */
export function CloseAccountSection() {
  const { t } = useLingui();
  const lang = useLang();
  const { session } = useRuntime();
  const check = useQuery(closureQuery(), queryClient);
  const blockerText = useBlockerText();
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keptId = useId();

  async function close() {
    setBusy(true);
    setError(null);
    try {
      await closeAccount();
      // The sessions are revoked on the server: this one ends here too, and the sign-in page follows.
      session.send({ type: 'session.logout' });
    } catch (failure) {
      const status = errorStatus(failure);
      // 423 means the step-up was cancelled: nothing to say.
      if (status !== 423) setError(status === 409 ? messageOf(errorBody(failure)) : t`Something went wrong. Please try again.`);
      await queryClient.invalidateQueries({ queryKey: privacyKeys.closure });
      setBusy(false);
    }
  }

  const blockers = check.data?.blockers;
  return (
    <SettingsSection title={t`Close my account`} lead={t`Closing is final: you will be signed out everywhere and cannot sign in again.`}>
      <div className="privacy-close">
        <div className="privacy-columns">
          <div>
            <h3 className="privacy-subtitle">
              <Trans>What we delete or replace</Trans>
            </h3>
            <ul className="privacy-list">
              <li>
                <Trans>Your name and e-mail address are replaced with an anonymous label.</Trans>
              </li>
              <li>
                <Trans>Your sessions, devices, passkeys, authenticator app and connected sign-in accounts.</Trans>
              </li>
              <li>
                <Trans>Your notifications, settings and data exports.</Trans>
              </li>
            </ul>
          </div>
          <div>
            <h3 className="privacy-subtitle" id={keptId}>
              <Trans>What the law makes us keep, and why</Trans>
            </h3>
            <ul className="privacy-list" aria-labelledby={keptId}>
              <li>
                <Trans>The ledger of your deposits, withdrawals and transfers, and your trading accounts: financial records must be kept for five years (anti-money-laundering and accounting law).</Trans>
              </li>
              <li>
                <Trans>Your identity documents and their checks: anti-money-laundering law requires them for five years after the relationship ends.</Trans>
              </li>
              <li>
                <Trans>Your IPO applications and appropriateness test, support tickets and chat: records of the services and advice given and of complaints, kept for five years.</Trans>
              </li>
            </ul>
            <p className="field-hint">
              <Trans>These records are linked to the anonymised account only, used for nothing else, and deleted when the period ends.</Trans>
            </p>
          </div>
        </div>

        {error ? (
          <div className="banner banner-error" role="alert">
            <span>{error}</span>
          </div>
        ) : null}

        {!blockers ? (
          check.isError ? (
            <LoadError onRetry={() => void check.refetch()} retrying={check.isFetching}>
              <Trans>We could not check your accounts just now.</Trans>
            </LoadError>
          ) : (
            <p className="section-lead">
              <Trans>Checking your accounts…</Trans>
            </p>
          )
        ) : blockers.length > 0 ? (
          <div className="banner banner-warning" role="status">
            <div className="banner-body">
              <strong>
                <Trans>Your account cannot be closed yet:</Trans>
              </strong>
              <ul className="privacy-list" aria-label={t`What stops the closing`}>
                {blockers.map((b, i) => (
                  <li key={`${b.reason}-${'account_number' in b ? b.account_number : ''}-${i}`}>{blockerText(b)}</li>
                ))}
              </ul>
              <Link to="/$lang/wallet" params={{ lang }} className="link-button">
                <Trans>Open the wallet</Trans>
              </Link>
            </div>
          </div>
        ) : (
          <div className="privacy-confirm">
            <label className="checkbox">
              <input type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />
              <span>
                <Trans>I understand that closing my account cannot be undone.</Trans>
              </span>
            </label>
            <div className="privacy-actions">
              <button type="button" className="btn btn-danger" onClick={() => void close()} disabled={!understood || busy} aria-busy={busy}>
                <Trans>Close my account</Trans>
              </button>
            </div>
            <p className="field-hint">
              <Trans>We will ask you to confirm it is you, then e-mail a confirmation to your current address before we remove it.</Trans>
            </p>
          </div>
        )}
      </div>
    </SettingsSection>
  );
}
