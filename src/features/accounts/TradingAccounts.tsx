import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { queryClient } from '../../data/query-client';
import { PlusIcon } from '../../ui/icons/PlusIcon';
import { Skeleton } from '../../ui/Skeleton';
import { WalletIcon } from '../../ui/icons/WalletIcon';
import { AccountCard } from './AccountCard';
import { AccountCardSkeleton } from './AccountCardSkeleton';
import { accountLimitsQuery } from './api/fetch-account-limits';
import { currenciesQuery } from './api/fetch-currencies';
import { CreateAccountDialog } from './CreateAccountDialog';
import { type UseLiveAccounts, useStaticAccounts } from './live-account';
import { useAccountList, useTradingAccountsActor } from './use-trading-accounts';

/** Skeleton cards while the accounts first load: a row on a wide screen, what a phone's first screen holds. */
const SKELETON_CARDS = 2;

/**
 * Home's accounts section: the cards, the empty state and the create dialog. Self-contained;
 * `useLive` (a hook, fixed for the section's life) gives the cards their live figures.
 *
 * It holds its place while it first loads: skeleton cards the size of an AccountCard, and the head
 * as high with its button as without. The cards, the head's button and its cap note come in one
 * render, once both the accounts and the limits have answered (or failed): a note arriving on its
 * own would push the cards down. `onSettled` tells the screen that moment (once), so that it can
 * hold back what follows the section until then (HomeScreen). While the list loads again, the
 * cards stay and the section says it is busy.
 */
export function TradingAccounts({ useLive = useStaticAccounts, onSettled }: { useLive?: UseLiveAccounts; onSettled?: () => void }) {
  const { t } = useLingui();
  const actor = useTradingAccountsActor();
  const { accounts, firstLoad, reloading, failed } = useAccountList(actor);
  const reload = useCallback(() => actor.send({ type: 'accounts.reload' }), [actor]);
  const live = useLive(accounts, reload);
  const currencies = useQuery(currenciesQuery(), queryClient);
  const limits = useQuery(accountLimitsQuery(), queryClient);
  // Unknown until the limits load (or if they fail): the server still refuses a create past the cap.
  const max = limits.data?.max_accounts;
  const atCap = max !== undefined && accounts.length >= max;
  const loading = firstLoad || limits.isPending;
  const settled = useRef(false);
  // Before paint: what follows the section is drawn in the same frame as the cards.
  useLayoutEffect(() => {
    if (loading || settled.current) return;
    settled.current = true;
    onSettled?.();
  }, [loading, onSettled]);
  const openButton = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const subscription = actor.on('account.created', ({ account }) => {
      // The dialog has closed: focus goes back to where it was opened from, and the news is read out.
      openButton.current?.focus();
      if (status.current) status.current.textContent = t`Account ${account.number} is open.`;
    });
    return () => subscription.unsubscribe();
  }, [actor, t]);

  const open = () => actor.send({ type: 'dialog.open' });

  return (
    <section aria-labelledby="accounts-title" className="accounts-section" aria-busy={loading || reloading}>
      <div className="section-head">
        <h2 id="accounts-title">
          <Trans>Trading accounts</Trans>
        </h2>
        {loading ? (
          // Its own box (key): the button's box replaces it rather than being the same box resized.
          <div key="placeholder" className="section-head-action" aria-hidden="true">
            <Skeleton width="9.5rem" height={44} radius="var(--radius-md)" />
          </div>
        ) : accounts.length > 0 ? (
          <div key="action" className="section-head-action">
            <button
              ref={openButton}
              type="button"
              className="btn btn-primary"
              onClick={open}
              disabled={atCap}
              aria-describedby={atCap ? 'accounts-cap' : undefined}
            >
              <PlusIcon size={18} />
              <Trans>Open account</Trans>
            </button>
            {atCap ? (
              <p id="accounts-cap" className="field-hint">
                <Trans>Limit reached: at most {max} trading accounts per client.</Trans>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <p ref={status} className="visually-hidden" role="status" />
      {loading ? (
        <>
          <p className="visually-hidden" role="status">
            <Trans>Loading…</Trans>
          </p>
          <div className="account-grid">
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <AccountCardSkeleton key={index} />
            ))}
          </div>
        </>
      ) : failed && accounts.length === 0 ? (
        <div className="card empty-state">
          <h3>
            <Trans>Your accounts could not be loaded.</Trans>
          </h3>
          <button type="button" className="btn btn-secondary" onClick={() => actor.send({ type: 'accounts.reload' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : accounts.length === 0 ? (
        <div className="card empty-state">
          <span className="empty-icon">
            <WalletIcon />
          </span>
          <h3>
            <Trans>No trading accounts yet</Trans>
          </h3>
          <p>
            <Trans>Open your first account: choose a currency, a live or a demo account, and your leverage.</Trans>
          </p>
          <button ref={openButton} type="button" className="btn btn-primary" onClick={open}>
            <PlusIcon size={18} />
            <Trans>Open your first account</Trans>
          </button>
        </div>
      ) : (
        <div className="account-grid">
          {live.accounts.map((account) => (
            <AccountCard key={account.id} account={account} levels={live.levels} />
          ))}
        </div>
      )}
      <CreateAccountDialog actor={actor} currencies={currencies.data ?? []} />
    </section>
  );
}
