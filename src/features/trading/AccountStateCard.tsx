import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../contract/money';
import type { AccountState, PlatformInfo } from '../../../contract/platform';
import { useLang } from '../../lib/use-lang';
import { AlertIcon } from '../../ui/icons/AlertIcon';
import { formatPercent } from './format';

/** Balance, equity, margin, free margin and margin level, live; a warning at the margin call and below. */
export function AccountStateCard({ state, platform }: { state: AccountState; platform: PlatformInfo }) {
  const { t } = useLingui();
  const lang = useLang();
  const money = (minor: number, sign = false) => formatMoney(minor, state.currency, state.precision, lang, { sign });
  const level = state.margin_level;
  const call = level !== null && level <= platform.margin_call_level;
  const stopOut = level !== null && level <= platform.stop_out_level;
  const callLevel = formatPercent(platform.margin_call_level, lang);
  const stopLevel = formatPercent(platform.stop_out_level, lang);
  const stats: Array<[string, string, string?]> = [
    [t`Balance`, money(state.balance)],
    [t`Equity`, money(state.equity)],
    [t`Floating profit`, money(state.profit, true), state.profit > 0 ? 'amount-credit' : state.profit < 0 ? 'amount-debit' : undefined],
    [t`Margin`, money(state.margin)],
    [t`Free margin`, money(state.free_margin)],
    [t`Margin level`, level === null ? '—' : formatPercent(level, lang), call ? 'amount-debit' : undefined],
  ];
  return (
    <section className="card trading-state" aria-labelledby="trading-state-title">
      <h2 id="trading-state-title" className="visually-hidden">
        <Trans>Account state</Trans>
      </h2>
      <dl className="trading-stats">
        {stats.map(([label, value, tone]) => (
          <div key={label} className="trading-stat">
            <dt className="stat-label">{label}</dt>
            <dd className={['stat-value amount', tone].filter(Boolean).join(' ')}>{value}</dd>
          </div>
        ))}
      </dl>
      {call ? (
        <div className="banner banner-error trading-margin-call" role="alert">
          <AlertIcon size={18} />
          <span>
            {stopOut ? (
              <Trans>
                Stop-out: the margin level is at or below {stopLevel}. The platform is closing your most losing positions.
              </Trans>
            ) : (
              <Trans>
                Margin call: the margin level is at or below {callLevel}. Add funds or close positions; at {stopLevel} the platform closes
                positions itself.
              </Trans>
            )}
          </span>
        </div>
      ) : null}
    </section>
  );
}
