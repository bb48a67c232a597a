import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { ChatIcon, LockIcon, WalletIcon } from '../../ui/icons';
import { DefaultLayout } from '../../ui/layouts/DefaultLayout';

export function WelcomeScreen() {
  const { t } = useLingui();
  const lang = useLang();
  usePageTitle(t`Welcome`);
  const facts: Array<[string, string]> = [
    [t`Account currencies`, 'USD · EUR · GBP'],
    [t`Leverage`, t`up to 1:500`],
    [t`Languages`, 'English · Русский · Українська'],
    [t`Support`, t`Live chat with a manager`],
  ];
  return (
    <DefaultLayout>
      <section className="hero" aria-labelledby="welcome-title">
        <div className="hero-inner">
          <div>
            <h1 id="welcome-title">
              <Trans>Your trading accounts and your manager, in one place</Trans>
            </h1>
            <p className="hero-lead">
              <Trans>
                Open accounts in the currency you trade, follow your balances and talk to a personal manager whenever
                you need one.
              </Trans>
            </p>
            <div className="hero-actions">
              <Link to="/$lang/register" params={{ lang }} className="btn btn-primary btn-lg">
                <Trans>Open an account</Trans>
              </Link>
              <Link to="/$lang/login" params={{ lang }} className="btn btn-secondary btn-lg">
                <Trans>Sign in</Trans>
              </Link>
            </div>
          </div>
          <dl className="hero-panel" aria-label={t`At a glance`}>
            {facts.map(([label, value]) => (
              <div className="hero-panel-row" key={label}>
                <dt className="hero-panel-label">{label}</dt>
                <dd style={{ margin: 0 }}>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section className="features" aria-label={t`What you get`}>
        <article className="card feature">
          <span className="empty-icon">
            <WalletIcon />
          </span>
          <h2>
            <Trans>Accounts in your currency</Trans>
          </h2>
          <p>
            <Trans>Live and demo trading accounts, each with its own number, currency and leverage.</Trans>
          </p>
        </article>
        <article className="card feature">
          <span className="empty-icon">
            <ChatIcon />
          </span>
          <h2>
            <Trans>A manager who answers</Trans>
          </h2>
          <p>
            <Trans>Chat with our support team from any screen of your client area.</Trans>
          </p>
        </article>
        <article className="card feature">
          <span className="empty-icon">
            <LockIcon />
          </span>
          <h2>
            <Trans>Secure by design</Trans>
          </h2>
          <p>
            <Trans>Verified e-mail, strong password hashing and sessions you can end at any time.</Trans>
          </p>
        </article>
      </section>
    </DefaultLayout>
  );
}
