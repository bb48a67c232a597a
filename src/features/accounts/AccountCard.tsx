import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TradingAccount } from '../../../contract/trading';
import { formatMoney } from '../../../contract/money';
import { useLang } from '../../lib/use-lang';

/** One trading account as a card: the login, what kind it is, and what it holds. */
export function AccountCard({ account }: { account: TradingAccount }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
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
          <Trans>Available: {money(account.available)} (the rest is held by pending withdrawals)</Trans>
        </p>
      ) : null}
    </article>
  );
}
