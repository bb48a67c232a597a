import { useLingui } from '@lingui/react/macro';
import { intlLocale } from '../../../contract/locales';
import { formatMoney } from '../../../contract/money';
import type { Notification, NotificationEvent } from '../../../contract/notifications';
import { useLang } from '../../lib/use-lang';

/** One notification in the reader's language: a title, and a line of detail when there is one. */
export interface NotificationText {
  title: string;
  detail: string | null;
}

/** Words for every notification and every event's name (the settings rows), in the current language. */
export function useNotificationWords() {
  const { t } = useLingui();
  const lang = useLang();

  const ticketStatus = (status: string): string => {
    switch (status) {
      case 'open':
        return t`open`;
      case 'awaiting_staff':
        return t`awaiting our answer`;
      case 'awaiting_client':
        return t`awaiting your answer`;
      case 'resolved':
        return t`resolved`;
      case 'closed':
        return t`closed`;
      default:
        return status;
    }
  };

  function text(n: Notification): NotificationText {
    switch (n.event) {
      case 'money_request.approved':
      case 'money_request.rejected': {
        const amount = formatMoney(n.payload.amount, n.payload.currency, n.payload.precision, lang);
        const account = n.payload.account_number;
        if (n.event === 'money_request.approved') {
          return {
            title: n.payload.kind === 'deposit' ? t`Deposit of ${amount} approved` : t`Withdrawal of ${amount} approved`,
            detail: t`Account ${account}`,
          };
        }
        const reason = n.payload.reason;
        return {
          title: n.payload.kind === 'deposit' ? t`Deposit of ${amount} rejected` : t`Withdrawal of ${amount} rejected`,
          detail: reason ? t`Reason: ${reason}` : t`Account ${account}`,
        };
      }
      case 'document.approved':
        return { title: n.payload.kind === 'identity' ? t`Identity document approved` : t`Proof of address approved`, detail: null };
      case 'document.rejected': {
        const reason = n.payload.reason;
        return {
          title: n.payload.kind === 'identity' ? t`Identity document rejected` : t`Proof of address rejected`,
          detail: reason ? t`Reason: ${reason}` : null,
        };
      }
      case 'ticket.reply': {
        const { number, from } = n.payload;
        return { title: t`New reply to ticket ${number}`, detail: t`${from}: ${n.payload.subject}` };
      }
      case 'ticket.status': {
        const { number } = n.payload;
        const status = ticketStatus(n.payload.status);
        return { title: t`Ticket ${number} is now ${status}`, detail: n.payload.subject };
      }
      case 'ticket.new': {
        const { number, client } = n.payload;
        return { title: t`New ticket ${number} from ${client}`, detail: n.payload.subject };
      }
      case 'security.new_device': {
        const device = n.payload.device;
        return { title: t`Sign-in from a new device`, detail: n.payload.ip ? `${device} · ${n.payload.ip}` : device };
      }
      case 'security.password_changed':
        return { title: t`Your password was changed`, detail: t`If this was not you, reset your password at once.` };
      case 'security.email_changed': {
        const current = n.payload.current;
        return { title: t`Your e-mail address was changed`, detail: t`New address: ${current}` };
      }
      case 'privacy.export_ready': {
        const until = when(n.payload.expires_at);
        return { title: t`Your data export is ready`, detail: t`Download it in Settings → Privacy until ${until}.` };
      }
      case 'ipo.priced': {
        const ticker = n.payload.ticker;
        const price = formatMoney(n.payload.price, n.payload.currency, n.payload.precision, lang);
        const until = n.payload.reconfirm_until;
        if (until) {
          const deadline = when(until);
          return { title: t`${ticker}: final price ${price}, reconfirm by ${deadline}`, detail: t`Far outside the range: without your reconfirmation the application lapses and its hold is released.` };
        }
        return { title: t`${ticker}: final price ${price}`, detail: n.payload.company };
      }
      case 'ipo.lapsed': {
        const ticker = n.payload.ticker;
        const released = formatMoney(n.payload.released, n.payload.currency, n.payload.precision, lang);
        return { title: t`${ticker}: your application lapsed`, detail: t`${released} released to your account` };
      }
      case 'ipo.allocated': {
        const { ticker, shares } = n.payload;
        const count = new Intl.NumberFormat(intlLocale(lang)).format(shares);
        const money = (minor: number) => formatMoney(minor, n.payload.currency, n.payload.precision, lang);
        const requested = money(n.payload.requested);
        const allocated = money(n.payload.allocated);
        const released = money(n.payload.released);
        return { title: t`${ticker}: ${count} shares allocated`, detail: t`Applied ${requested}, allocated ${allocated}, released ${released}` };
      }
      case 'ipo.cancelled': {
        const ticker = n.payload.ticker;
        const released = formatMoney(n.payload.released, n.payload.currency, n.payload.precision, lang);
        const reason = n.payload.reason;
        return { title: t`${ticker}: the offering was cancelled`, detail: reason ? t`${released} released. Reason: ${reason}` : t`${released} released to your account` };
      }
      case 'copy.stop_loss': {
        const strategy = n.payload.strategy;
        const equity = formatMoney(n.payload.equity, n.payload.currency, n.payload.precision, lang);
        return { title: t`${strategy}: stop-loss reached, copying paused`, detail: t`Equity ${equity}: the copied positions were closed` };
      }
    }
  }

  function eventName(event: NotificationEvent): string {
    switch (event) {
      case 'money_request.approved':
        return t`Deposit or withdrawal approved`;
      case 'money_request.rejected':
        return t`Deposit or withdrawal rejected`;
      case 'document.approved':
        return t`Document approved`;
      case 'document.rejected':
        return t`Document rejected`;
      case 'ticket.reply':
        return t`Reply to your ticket`;
      case 'ticket.status':
        return t`Ticket status changed`;
      case 'ticket.new':
        return t`New ticket from a client`;
      case 'security.new_device':
        return t`Sign-in from a new device`;
      case 'security.password_changed':
        return t`Password changed`;
      case 'security.email_changed':
        return t`E-mail address changed`;
      case 'privacy.export_ready':
        return t`Data export ready`;
      case 'ipo.priced':
        return t`IPO final price set`;
      case 'ipo.lapsed':
        return t`IPO application lapsed`;
      case 'ipo.allocated':
        return t`IPO shares allocated`;
      case 'ipo.cancelled':
        return t`IPO offering cancelled`;
      case 'copy.stop_loss':
        return t`Copy trading stop-loss reached`;
    }
  }

  const timeFormat = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string) => timeFormat.format(new Date(iso));

  return { text, eventName, when };
}
