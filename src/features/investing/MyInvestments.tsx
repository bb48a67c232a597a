import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CopySubscriptionSummary, MyStrategy } from '../../../contract/investing';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { LoadError } from '../../ui/LoadError';
import { StatusBadge } from '../../ui/StatusBadge';
import { subscriptionsQuery } from './api/fetch-subscriptions';
import { myStrategiesQuery } from './api/my-strategies';
import { money, percent, tone } from './investing-format';
import { STATE_LABELS, STATE_TONES } from './investing-labels';

/** The client's open subscriptions and the strategies they offer; nothing at all before the first of either. */
export function MyInvestments() {
  const subscriptions = useQuery(subscriptionsQuery(), queryClient);
  const mine = useQuery(myStrategiesQuery(), queryClient);
  const open = (subscriptions.data ?? []).filter((s) => s.state !== 'closed');
  const closed = (subscriptions.data ?? []).length - open.length;
  return (
    <>
      {subscriptions.isError && !subscriptions.data ? (
        <LoadError onRetry={() => void subscriptions.refetch()} retrying={subscriptions.isFetching}>
          <Trans>Your investments could not be loaded.</Trans>
        </LoadError>
      ) : open.length > 0 || closed > 0 ? (
        <section aria-labelledby="my-investments-title" className="invest-section">
          <h2 id="my-investments-title" className="section-title">
            <Trans>My investments</Trans>
          </h2>
          {open.length === 0 ? (
            <p className="field-hint">
              <Trans>You follow no strategy now. Your closed subscriptions stay in your history.</Trans>
            </p>
          ) : (
            <ul className="invest-mine">
              {open.map((subscription) => (
                <SubscriptionRow key={subscription.id} subscription={subscription} />
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {(mine.data ?? []).length > 0 ? (
        <section aria-labelledby="my-strategies-title" className="invest-section">
          <h2 id="my-strategies-title" className="section-title">
            <Trans>Strategies you offer</Trans>
          </h2>
          <ul className="invest-mine">
            {mine.data!.map((strategy) => (
              <OwnStrategyRow key={strategy.id} strategy={strategy} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function SubscriptionRow({ subscription }: { subscription: CopySubscriptionSummary }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const profitShare = subscription.invested > 0 ? (subscription.profit / subscription.invested) * 100 : 0;
  return (
    <li className="card invest-mine-row">
      <div className="invest-mine-name">
        <Link to="/$lang/investing/subscriptions/$subscriptionId" params={{ lang, subscriptionId: String(subscription.id) }} className="invest-card-title">
          {subscription.strategy.name}
        </Link>
        <StatusBadge tone={STATE_TONES[subscription.state]}>{i18n._(STATE_LABELS[subscription.state])}</StatusBadge>
      </div>
      <dl className="invest-facts invest-facts-row">
        <div>
          <dt>{t`Invested`}</dt>
          <dd>{money(subscription.invested, subscription.currency, lang)}</dd>
        </div>
        <div>
          <dt>{t`Equity`}</dt>
          <dd>{money(subscription.equity, subscription.currency, lang)}</dd>
        </div>
        <div>
          <dt>{t`Profit`}</dt>
          <dd className={tone(subscription.profit)}>
            {money(subscription.profit, subscription.currency, lang, true)} ({percent(profitShare, lang, { sign: true })})
          </dd>
        </div>
        <div>
          <dt>{t`Copy account`}</dt>
          <dd className="mono">{subscription.copy_account.number}</dd>
        </div>
      </dl>
    </li>
  );
}

function OwnStrategyRow({ strategy }: { strategy: MyStrategy }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  return (
    <li className="card invest-mine-row">
      <div className="invest-mine-name">
        <Link to="/$lang/investing/strategies/$strategyId" params={{ lang, strategyId: String(strategy.id) }} className="invest-card-title">
          {strategy.name}
        </Link>
        {strategy.hidden ? <StatusBadge tone="danger">{t`Hidden by staff`}</StatusBadge> : <StatusBadge tone="neutral">{strategy.visibility === 'public' ? t`Public` : t`By invitation`}</StatusBadge>}
      </div>
      <dl className="invest-facts invest-facts-row">
        <div>
          <dt>{t`Account`}</dt>
          <dd className="mono">{strategy.account_number}</dd>
        </div>
        <div>
          <dt>{t`Investors`}</dt>
          <dd>{i18n.number(strategy.investors)}</dd>
        </div>
        <div>
          <dt>{t`Fees earned`}</dt>
          <dd>{money(strategy.fees_earned, strategy.currency, lang)}</dd>
        </div>
        {strategy.invitation_code ? (
          <div>
            <dt>{t`Invitation code`}</dt>
            <dd className="mono">{strategy.invitation_code}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
