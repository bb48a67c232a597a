import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminStrategy } from '../../../contract/investing';
import { DEFAULT_FORM_ERROR } from '../../../machines/form/form-errors';
import { queryClient } from '../../data/query-client';
import { errorBody, messageOf } from '../../lib/http';
import { fieldErrorText } from '../../lib/field-errors';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextField } from '../../ui/form/TextField';
import { ChartIcon } from '../../ui/icons/ChartIcon';
import { EmptyState } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { investingKeys, investingMoney, investingPercent } from '../investing';
import { adminStrategiesQuery, adminStrategyKeys, hideStrategy, unhideStrategy } from './api/fetch-admin-strategies';
import './admin-money.css';

/** Staff: every strategy clients offer, and hiding one (off the leaderboard, no new followers) with a reason, or showing it again. */
export function AdminStrategiesScreen() {
  const { t } = useLingui();
  usePageTitle(t`Strategies`);
  const strategies = useQuery(adminStrategiesQuery(), queryClient);
  return (
    <section className="card" aria-labelledby="strategies-admin-title">
      <div className="chart-toolbar admin-toolbar">
        <div>
          <h2 id="strategies-admin-title" className="admin-card-title">
            <Trans>Copy-trading strategies</Trans>
          </h2>
          <p className="field-hint">
            <Trans>A hidden strategy leaves the leaderboard and takes no new followers; its current followers keep copying and can leave at any time.</Trans>
          </p>
        </div>
      </div>
      <QueryState query={strategies} error={<Trans>The strategies could not be loaded.</Trans>}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={<ChartIcon />} title={t`No strategies yet`} />
          ) : (
            <ul className="admin-strategies">
              {list.map((strategy) => (
                <StrategyRow key={strategy.id} strategy={strategy} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function StrategyRow({ strategy }: { strategy: AdminStrategy }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const done = () => {
    setHiding(false);
    setReason('');
    void queryClient.invalidateQueries({ queryKey: adminStrategyKeys.all });
    void queryClient.invalidateQueries({ queryKey: investingKeys.all });
  };
  const hide = useMutation({ mutationFn: () => hideStrategy(strategy.id, reason), onSuccess: done }, queryClient);
  const unhide = useMutation({ mutationFn: () => unhideStrategy(strategy.id), onSuccess: done }, queryClient);
  const body = errorBody(hide.error) as { errors?: Record<string, string[]> } | undefined;
  const reasonError = body?.errors?.reason?.[0];
  const failed = hide.isError && !reasonError ? (messageOf(body) ?? DEFAULT_FORM_ERROR) : unhide.isError ? (messageOf(errorBody(unhide.error)) ?? DEFAULT_FORM_ERROR) : null;
  const name = strategy.name;
  return (
    <li className="admin-strategy">
      <div className="admin-strategy-head">
        <div>
          <p className="admin-strategy-name">{strategy.name}</p>
          <p className="field-hint">
            {strategy.provider} · {strategy.provider_email} · <span className="mono">{strategy.account_number}</span>
          </p>
        </div>
        <div className="admin-strategy-badges">
          <StatusBadge tone={strategy.account_type === 'demo' ? 'neutral' : 'success'}>{strategy.account_type === 'demo' ? t`Demo` : t`Live`}</StatusBadge>
          <StatusBadge tone="neutral">{strategy.visibility === 'public' ? t`Public` : t`By invitation`}</StatusBadge>
          {strategy.hidden ? <StatusBadge tone="danger">{t`Hidden`}</StatusBadge> : <StatusBadge tone="success">{t`Shown`}</StatusBadge>}
        </div>
      </div>
      <dl className="admin-strategy-facts">
        <div>
          <dt>{t`Return`}</dt>
          <dd>{investingPercent(strategy.return_percent, lang, { sign: true })}</dd>
        </div>
        <div>
          <dt>{t`Risk score`}</dt>
          <dd>{t`${strategy.risk_score} of 10`}</dd>
        </div>
        <div>
          <dt>{t`Investors`}</dt>
          <dd>{i18n.number(strategy.investors)}</dd>
        </div>
        <div>
          <dt>{t`Funds invested`}</dt>
          <dd>{investingMoney(strategy.funds_invested, strategy.currency, lang)}</dd>
        </div>
      </dl>
      {strategy.hidden && strategy.hidden_reason ? (
        <p className="field-hint">
          <Trans>Hidden because: {strategy.hidden_reason}</Trans>
        </p>
      ) : null}
      <FormBanner message={failed} />
      {hiding ? (
        <form
          className="admin-strategy-hide"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            hide.mutate();
          }}
        >
          <TextField
            name="reason"
            label={t`Why hide ${name}?`}
            value={reason}
            onValueChange={setReason}
            maxLength={500}
            required
            error={reasonError ? fieldErrorText(i18n, reasonError, 'reason') : undefined}
            hint={t`Recorded in the audit log and shown to staff.`}
          />
          <div className="row-actions">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setHiding(false)}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="btn btn-primary btn-sm" disabled={hide.isPending} aria-busy={hide.isPending}>
              <Trans>Hide the strategy</Trans>
            </button>
          </div>
        </form>
      ) : (
        <div className="row-actions">
          {strategy.hidden ? (
            <button type="button" className="btn btn-secondary btn-sm" disabled={unhide.isPending} onClick={() => unhide.mutate()}>
              <Trans>Show it again</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setHiding(true)}>
              <Trans>Hide…</Trans>
            </button>
          )}
        </div>
      )}
    </li>
  );
}
