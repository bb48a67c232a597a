import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountState, PlatformInfo } from '../../../contract/platform';
import type { TradingAccount } from '../../../contract/trading';
import { AlertIcon } from '../../ui/icons/AlertIcon';

/** The account's name and number, what kind it is, and the note that the prices are simulated. */
export function AccountHeader({ account, state, platform }: { account: TradingAccount; state: AccountState; platform: PlatformInfo }) {
  const { t } = useLingui();
  return (
    <>
      <header className="page-header trading-header">
        <div>
          <p className="page-eyebrow">
            <Trans>Trading account</Trans>
          </p>
          <h1 className="page-title">
            {account.nickname ? (
              <>
                {account.nickname} <span className="trading-login mono">{account.number}</span>
              </>
            ) : (
              <span className="mono">{account.number}</span>
            )}
          </h1>
          <div className="account-badges trading-badges">
            <span className={`badge badge-${account.type}`}>{account.type === 'demo' ? t`Demo` : t`Live`}</span>
            <span className="badge">{state.currency}</span>
            <span className="badge">1:{state.leverage}</span>
            {account.status === 'archived' ? <span className="badge badge-rejected">{t`Archived`}</span> : null}
          </div>
        </div>
      </header>
      {platform.simulated ? (
        <p className="banner banner-info" role="note">
          <AlertIcon size={18} />
          <span>
            <Trans>Prices on this platform are simulated: they follow a model, not a market. Nothing here is an offer to trade.</Trans>
          </span>
        </p>
      ) : null}
    </>
  );
}
