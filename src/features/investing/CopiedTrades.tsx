import { Trans, useLingui } from '@lingui/react/macro';
import type { CopiedTrade, CopySubscriptionDetails } from '../../../contract/investing';
import { useLang } from '../../lib/use-lang';
import { StatusBadge } from '../../ui/StatusBadge';
import { count, dateTime, money, tone } from './investing-format';
import { SKIP_REASON_LABELS } from './investing-labels';

/**
 * Every trade of the strategy since the subscription began: the copy placed (with the equities its
 * volume was computed from) or the record that it was skipped, and why, in words.
 */
export function CopiedTrades({ subscription }: { subscription: CopySubscriptionDetails }) {
  const { t } = useLingui();
  const skipped = subscription.trades.filter((trade) => trade.status === 'skipped').length;
  return (
    <section className="card" aria-labelledby="copied-title">
      <div className="invest-card-heading">
        <h2 id="copied-title" className="section-title">
          <Trans>Copied trades</Trans>
        </h2>
        <p className="field-hint">
          <Trans>
            Each trade is copied with the strategy’s volume × your equity ÷ the strategy’s equity, rounded down to the instrument’s step.
          </Trans>{' '}
          {skipped > 0 ? <Trans>{skipped} not copied: the reason is given on each.</Trans> : null}
        </p>
      </div>
      {subscription.trades.length === 0 ? (
        <p className="invest-empty-note">
          <Trans>No trades yet: the next trade of the strategy appears here as soon as it is copied.</Trans>
        </p>
      ) : (
        <ul className="invest-trades" aria-label={t`Copied trades`}>
          {subscription.trades.map((trade) => (
            <TradeRow key={trade.id} trade={trade} subscription={subscription} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TradeRow({ trade, subscription }: { trade: CopiedTrade; subscription: CopySubscriptionDetails }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const c = subscription.currency;
  const side = trade.side === 'buy' ? t`Buy` : t`Sell`;
  const symbol = trade.symbol;
  const theirs = count(i18n, trade.strategy_volume);
  const yours = count(i18n, trade.volume);
  const strategyEquity = money(trade.strategy_equity, c, lang);
  const followerEquity = money(trade.follower_equity, c, lang);
  const title = trade.action === 'open' ? t`${side} ${symbol} opened` : t`${side} ${symbol} closed`;
  return (
    <li className={`invest-trade invest-trade-${trade.status}`}>
      <div className="invest-trade-head">
        <span className="invest-trade-title">{title}</span>
        {trade.status === 'copied' ? <StatusBadge tone="success">{t`Copied`}</StatusBadge> : <StatusBadge tone="danger">{t`Skipped`}</StatusBadge>}
        <time dateTime={trade.at} className="invest-trade-time">
          {dateTime(i18n, trade.at)}
        </time>
      </div>
      {trade.status === 'skipped' && trade.reason ? <p className="invest-skip-reason">{i18n._(SKIP_REASON_LABELS[trade.reason])}</p> : null}
      <p className="invest-trade-figures">
        {trade.status === 'copied' ? (
          <Trans>
            Strategy {theirs} lots → you {yours} lots (equity {followerEquity} against the strategy’s {strategyEquity})
          </Trans>
        ) : (
          <Trans>
            Strategy {theirs} lots (equity {followerEquity} against the strategy’s {strategyEquity})
          </Trans>
        )}
        {trade.profit !== null ? (
          <>
            {' · '}
            <span className={tone(trade.profit)}>{t`profit ${money(trade.profit, c, lang, true)}`}</span>
          </>
        ) : null}
      </p>
    </li>
  );
}
