import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldIcon } from '../../ui/icons/ShieldIcon';

/** Live withdrawals are held after a security change: until when, in the reader's language and zone. */
export function WithdrawalHoldNotice({ until }: { until: string }) {
  const { i18n } = useLingui();
  const when = i18n.date(new Date(until), { dateStyle: 'long', timeStyle: 'short' });
  return (
    <div className="banner banner-warning" role="status">
      <ShieldIcon size={18} />
      <span>
        <Trans>After a recent security change, withdrawals from live accounts are held until {when}. Deposits and transfers work as usual.</Trans>
      </span>
    </div>
  );
}
