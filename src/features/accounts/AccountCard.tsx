import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TradingAccount } from '../../../contract/trading';
import { formatMoney } from '../../../contract/money';
import { useLang } from '../../lib/use-lang';
import { formatPercent } from '../../ui/money/percent';
import { marginAlert, type MarginLevels } from './live-account';
import './account-card.css';

/** One trading account as a card: the login, what kind it is, what it holds and how its margin stands. */
export function AccountCard({ account, levels = null }: { account: TradingAccount; levels?: MarginLevels | null }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const alert = marginAlert(account.margin_level, levels);
  const money = (minor: number) => formatMoney(minor, account.currency.code, account.currency.precision, lang);
  const titleId = `account-${account.id}-title`;
  return (
    <article className={`card account-card account-card-${account.type}`} aria-labelledby={titleId}>
      <header className="account-card-head">
        <div>
          <p className="stat-label">
            <Trans>Account</Trans>
          </p>
          <h3 id={titleId} className="account-number">
            {/* The whole card is the account's page; the link is the title, so its name is the login. */}
            <Link to="/$lang/accounts/$login" params={{ lang, login: account.number }} className="account-link">
              {account.number}
            </Link>
          </h3>
          {account.nickname ? <p className="field-hint">{account.nickname}</p> : null}
        </div>
        <div className="account-badges">
          <span className={`badge badge-${account.type}`}>{account.type === 'demo' ? t`Demo` : t`Live`}</span>
          <span className="badge">{account.currency.code}</span>
        </div>
      </header>
      <p className="account-balance">
        <span className="stat-label">
          <Trans>Balance</Trans>
        </span>
        <span className="amount account-balance-value">{money(account.balance)}</span>
      </p>
      <dl className="account-facts">
        <div>
          <dt>
            <Trans>Equity</Trans>
          </dt>
          <dd className="amount">{money(account.equity)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Free margin</Trans>
          </dt>
          <dd className="amount">{money(account.free_margin)}</dd>
        </div>
        <div className={alert ? `margin-level margin-level-${alert}` : 'margin-level'}>
          <dt>
            <Trans>Margin level</Trans>
          </dt>
          <dd className="amount">
            {account.margin_level === null ? t`No positions` : formatPercent(account.margin_level, lang)}
            {alert ? <span className="margin-alert">{alert === 'stop_out' ? t`Stop-out` : t`Margin call`}</span> : null}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Leverage</Trans>
          </dt>
          <dd className="amount">1:{account.leverage}</dd>
        </div>
        <div>
          <dt>
            <Trans>Opened</Trans>
          </dt>
          <dd>{i18n.date(new Date(account.created_at), { dateStyle: 'medium' })}</dd>
        </div>
      </dl>
      {account.available !== account.balance ? (
        <p className="field-hint">
          <Trans>Available to withdraw: {money(account.available)} (open positions' margin and pending withdrawals hold the rest)</Trans>
        </p>
      ) : null}
    </article>
  );
}
