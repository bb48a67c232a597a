import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { LANGUAGES, LOCALES } from '../../../contract/locales';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { ChatIcon } from '../../ui/icons/ChatIcon';
import { LockIcon } from '../../ui/icons/LockIcon';
import { WalletIcon } from '../../ui/icons/WalletIcon';
import { DefaultLayout } from '../../ui/layouts/DefaultLayout';

export function WelcomeScreen() {
  const { t } = useLingui();
  const lang = useLang();
  usePageTitle(t`Welcome`);
  const facts: Array<[string, string]> = [
    [t`Account currencies`, 'USD · EUR · GBP'],
    [t`Leverage`, t`up to 1:500`],
    [t`Languages`, LOCALES.map((code) => LANGUAGES[code].name).join(' · ')],
    [t`Support`, t`Live chat with a manager`],
  ];
  const features = [
    {
      icon: <WalletIcon />,
      title: t`Accounts in your currency`,
      text: t`Live and demo trading accounts, each with its own number, currency and leverage.`,
    },
    {
      icon: <ChatIcon />,
      title: t`A manager who answers`,
      text: t`Chat with our support team from any screen of your client area.`,
    },
    {
      icon: <LockIcon />,
      title: t`Secure by design`,
      text: t`Verified e-mail, strong password hashing and sessions you can end at any time.`,
    },
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
        {features.map(({ icon, title, text }) => (
          <article className="card feature" key={title}>
            <span className="empty-icon">{icon}</span>
            <h2>{title}</h2>
            <p>{text}</p>
          </article>
        ))}
      </section>
    </DefaultLayout>
  );
}
