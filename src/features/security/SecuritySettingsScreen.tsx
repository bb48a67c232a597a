import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import '../../ui/styles/account.css';
import { securityKeys, securityQuery } from './api/security-calls';
import { ActivitySection } from './ActivitySection';
import { AuthenticatorSection } from './AuthenticatorSection';
import { DevicesSection } from './DevicesSection';
import { PasskeysSection } from './PasskeysSection';
import { WithdrawalHoldNotice } from './WithdrawalHoldNotice';
import './security.css';

/** settings.security: the authenticator app, passkeys, remembered devices (docs/adr/0084) and recent activity (docs/adr/0088). */
export function SecuritySettingsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Security`);
  const security = useQuery({ ...securityQuery(), staleTime: 0 }, queryClient);
  const reload = () => queryClient.invalidateQueries({ queryKey: securityKeys.all });
  const status = security.data;
  if (!status) {
    return security.isError ? (
      <LoadError onRetry={() => void security.refetch()} retrying={security.isFetching}>
        <Trans>Your security settings could not be loaded.</Trans>
      </LoadError>
    ) : (
      <LoadingState />
    );
  }
  // Staff with no second factor yet: the administration stays shut until they add one here.
  const mustEnrol = status.required && status.methods.includes('password');
  return (
    <div className="settings-stack">
      {mustEnrol ? (
        <div className="banner banner-warning" role="alert">
          <span>
            <Trans>Staff need a second factor before the administration opens. Turn on the authenticator app or add a passkey below.</Trans>
          </span>
        </div>
      ) : null}
      {status.withdrawals_held_until ? <WithdrawalHoldNotice until={status.withdrawals_held_until} /> : null}
      <AuthenticatorSection status={status} onChanged={reload} />
      <PasskeysSection status={status} onChanged={reload} />
      <DevicesSection />
      <ActivitySection />
    </div>
  );
}
