import { Trans, useLingui } from '@lingui/react/macro';
import { hashKey, useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CopySubscriptionDetails } from '../../../contract/investing';
import { copySubscriptionSnapshot, selectFollowerActions } from '../../../machines/copy-subscription/copy-subscription.selectors';
import { DEFAULT_FORM_ERROR } from '../../../machines/form/form-errors';
import { queryClient, showLatest } from '../../data/query-client';
import { errorBody, messageOf } from '../../lib/http';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { Timeline, type TimelineItem } from '../../ui/Timeline';
import { accountKeys } from '../accounts';
import { subscriptionQuery } from './api/fetch-subscriptions';
import { investingKeys } from './api/fetch-strategies';
import { subscriptionStep } from './api/subscription-calls';
import { CopiedTrades } from './CopiedTrades';
import { FeeStatement } from './FeeStatement';
import { money, percent, tone } from './investing-format';
import { EVENT_LABELS, STATE_EXPLANATIONS, STATE_LABELS, STATE_TONES } from './investing-labels';
import { MoneyDialog } from './MoneyDialog';
import { StopLossDialog } from './StopLossDialog';
import { timelineDetail } from './timeline-detail';
import { UnsubscribeDialog } from './UnsubscribeDialog';
import './investing.css';

const route = getRouteApi('/$lang/_auth/investing/subscriptions/$subscriptionId');
/** While money is in play the copies and figures move by themselves: the page looks again this often. */
const REFRESH_MS = 5_000;

/** One subscription: its state and timeline, only the actions its machine allows now, copied and skipped trades, the fee statement. */
export function SubscriptionScreen() {
  const { t } = useLingui();
  const lang = useLang();
  const id = Number(route.useParams().subscriptionId) || 0;
  const query = useQuery({ ...subscriptionQuery(id), refetchInterval: (q) => (q.state.data && q.state.data.state !== 'closed' ? REFRESH_MS : false) }, queryClient);
  usePageTitle(query.data ? query.data.strategy.name : t`My investment`);
  return (
    <>
      <p className="back-link">
        <Link to="/$lang/investing" params={{ lang }}>
          <Trans>← Investing</Trans>
        </Link>
      </p>
      <QueryState
        query={query}
        notFound={{
          statuses: [403, 404, 422],
          title: <Trans>Investment not found</Trans>,
          body: <Trans>There is no such subscription among yours.</Trans>,
        }}
        error={<Trans>The investment could not be loaded.</Trans>}
      >
        {(subscription) => <SubscriptionDetails subscription={subscription} />}
      </QueryState>
    </>
  );
}

type Open = null | 'add-funds' | 'withdraw' | 'stop-loss' | 'unsubscribe';

function SubscriptionDetails({ subscription }: { subscription: CopySubscriptionDetails }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const [open, setOpen] = useState<Open>(null);
  const actions = selectFollowerActions(copySubscriptionSnapshot(subscription.state), {
    equity: subscription.equity,
    free_margin: subscription.free_margin,
    floor: subscription.stop_loss?.floor ?? null,
  });
  const show = (next: CopySubscriptionDetails) => {
    const shown = subscriptionQuery(subscription.id).queryKey;
    void showLatest(shown, next);
    // Lists and the strategy's figures read afresh; this subscription is the answer itself.
    void queryClient.invalidateQueries({ queryKey: investingKeys.all, predicate: (query) => query.queryHash !== hashKey(shown) });
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  };
  const step = useMutation({ mutationFn: (which: 'pause' | 'resume') => subscriptionStep(subscription.id, which), onSuccess: show }, queryClient);
  const c = subscription.currency;
  const profitShare = subscription.invested > 0 ? (subscription.profit / subscription.invested) * 100 : 0;
  const strategyName = subscription.strategy.name;
  const provider = subscription.strategy.provider;
  const stop = subscription.stop_loss;
  const floor = stop ? money(stop.floor, c, lang) : '';
  const allowed = stop?.kind === 'percent' ? percent(stop.value, lang) : '';
  const items: TimelineItem[] = subscription.timeline.map((s, index) => {
    const label = EVENT_LABELS[s.event as keyof typeof EVENT_LABELS];
    return {
      key: `${s.at}-${index}`,
      title: label ? i18n._(label) : s.event,
      detail: timelineDetail(s, subscription.currency, i18n, lang),
      at: s.at,
      tone: index === subscription.timeline.length - 1 && subscription.state !== 'closed' ? 'current' : s.event === 'subscription.funding_failed' || s.event === 'subscription.stop_loss' ? 'rejected' : 'done',
    };
  });
  const anyAction = Object.values(actions).some(Boolean);

  return (
    <>
      <PageHeader eyebrow={t`My investment`} title={strategyName} lead={t`A strategy by ${provider}, copied to your account ${subscription.copy_account.number}.`} />
      <div className="invest-badges invest-page-badges">
        <StatusBadge tone={STATE_TONES[subscription.state]}>{i18n._(STATE_LABELS[subscription.state])}</StatusBadge>
        <Link to="/$lang/investing/strategies/$strategyId" params={{ lang, strategyId: String(subscription.strategy.id) }}>
          <Trans>About the strategy</Trans>
        </Link>
      </div>
      <div className="invest-layout">
        <div className="invest-main">
          <section className="card" aria-labelledby="state-title">
            <h2 id="state-title" className="visually-hidden">
              <Trans>Status and figures</Trans>
            </h2>
            <p className={`invest-state-line invest-state-${subscription.state}`}>{i18n._(STATE_EXPLANATIONS[subscription.state])}</p>
            <dl className="stat-grid chart-stats invest-stats">
              <Figure label={t`Equity`} value={money(subscription.equity, c, lang)} />
              <Figure label={t`Invested`} value={money(subscription.invested, c, lang)} />
              <Figure label={t`Profit`} value={`${money(subscription.profit, c, lang, true)} (${percent(profitShare, lang, { sign: true })})`} tone={tone(subscription.profit)} />
              <Figure label={t`Available to withdraw`} value={money(subscription.free_margin, c, lang)} />
              <Figure label={t`Fees paid`} value={money(subscription.fees_paid, c, lang)} />
              <Figure label={t`High-water mark`} value={money(subscription.high_water_mark, c, lang)} />
            </dl>
            <p className="invest-stop-line">
              {stop === null ? (
                <Trans>No stop-loss set: copying goes on whatever the losses.</Trans>
              ) : stop.kind === 'percent' ? (
                <Trans>
                  Stop-loss: a loss of {allowed} of the money invested; copying pauses and positions close when equity falls to {floor}.
                </Trans>
              ) : (
                <Trans>Stop-loss: copying pauses and positions close when equity falls to {floor}.</Trans>
              )}
            </p>
            {anyAction ? (
              <div className="invest-actions" role="group" aria-label={t`Actions`}>
                {actions.resume ? (
                  <button type="button" className="btn btn-primary" disabled={step.isPending} onClick={() => step.mutate('resume')}>
                    <Trans>Resume copying</Trans>
                  </button>
                ) : null}
                {actions.add_funds ? (
                  <button type="button" className="btn btn-secondary" onClick={() => setOpen('add-funds')}>
                    <Trans>Add funds</Trans>
                  </button>
                ) : null}
                {actions.withdraw ? (
                  <button type="button" className="btn btn-secondary" onClick={() => setOpen('withdraw')}>
                    <Trans>Withdraw</Trans>
                  </button>
                ) : null}
                {actions.set_stop_loss ? (
                  <button type="button" className="btn btn-secondary" onClick={() => setOpen('stop-loss')}>
                    {stop ? <Trans>Change stop-loss</Trans> : <Trans>Set stop-loss</Trans>}
                  </button>
                ) : null}
                {actions.pause ? (
                  <button type="button" className="btn btn-secondary" disabled={step.isPending} onClick={() => step.mutate('pause')}>
                    <Trans>Pause copying</Trans>
                  </button>
                ) : null}
                {actions.unsubscribe ? (
                  <button type="button" className="btn btn-secondary invest-danger-btn" onClick={() => setOpen('unsubscribe')}>
                    <Trans>Unsubscribe</Trans>
                  </button>
                ) : null}
              </div>
            ) : null}
            {subscription.state === 'paused_stop_loss' && !actions.resume ? (
              <p className="field-hint invest-actions-note">
                <Trans>Equity is at or below your stop-loss: lower or remove the stop-loss, or add funds, before copying can resume.</Trans>
              </p>
            ) : null}
            {step.isError ? <FormBanner message={messageOf(errorBody(step.error)) ?? DEFAULT_FORM_ERROR} /> : null}
          </section>
          <CopiedTrades subscription={subscription} />
          <FeeStatement subscription={subscription} />
        </div>
        <aside className="invest-side">
          <section className="card invest-prose" aria-labelledby="timeline-title">
            <h2 id="timeline-title" className="section-title">
              <Trans>Timeline</Trans>
            </h2>
            <Timeline items={items} expectedAt={null} label={t`Steps of this investment`} />
          </section>
        </aside>
      </div>
      {open === 'add-funds' || open === 'withdraw' ? <MoneyDialog subscription={subscription} direction={open} onDone={show} onClose={() => setOpen(null)} /> : null}
      {open === 'stop-loss' ? <StopLossDialog subscription={subscription} onDone={show} onClose={() => setOpen(null)} /> : null}
      {open === 'unsubscribe' ? <UnsubscribeDialog subscription={subscription} onDone={show} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function Figure({ label, value, tone = '' }: { label: string; value: string; tone?: string }) {
  return (
    <div>
      <dt className="stat-label">{label}</dt>
      <dd className={`stat-value invest-stat ${tone}`}>{value}</dd>
    </div>
  );
}
