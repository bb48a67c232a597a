import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TicketAge, TicketCategory, TicketStatus } from '../../../contract/tickets';
import type { TicketEventType } from '../../../machines/ticket/ticket.machine';
import type { BadgeTone } from '../../ui/StatusBadge';

export const CATEGORY_LABELS: Record<TicketCategory, MessageDescriptor> = {
  account: msg({ message: 'Account', context: 'ticket category' }),
  deposit: msg({ message: 'Deposit', context: 'ticket category' }),
  withdrawal: msg({ message: 'Withdrawal', context: 'ticket category' }),
  verification: msg({ message: 'Verification', context: 'ticket category' }),
  trading: msg({ message: 'Trading', context: 'ticket category' }),
  other: msg({ message: 'Other', context: 'ticket category' }),
};

/** As the client reads them: `awaiting_client` is "Awaiting you". */
export const STATUS_LABELS: Record<TicketStatus, MessageDescriptor> = {
  open: msg({ message: 'Open', context: 'ticket status' }),
  awaiting_staff: msg`Awaiting support`,
  awaiting_client: msg`Awaiting you`,
  resolved: msg({ message: 'Resolved', context: 'ticket status' }),
  closed: msg({ message: 'Closed', context: 'ticket status' }),
};

/** As staff read them. */
export const STAFF_STATUS_LABELS: Record<TicketStatus, MessageDescriptor> = {
  ...STATUS_LABELS,
  awaiting_staff: msg`Awaiting staff`,
  awaiting_client: msg`Awaiting client`,
};

export const STATUS_TONES: Record<TicketStatus, BadgeTone> = {
  open: 'pending',
  awaiting_staff: 'pending',
  awaiting_client: 'neutral',
  resolved: 'success',
  closed: 'neutral',
};

/** The staff's status steps as buttons. */
export const STAFF_STEP_LABELS: Partial<Record<TicketEventType, MessageDescriptor>> = {
  'staff.await_client': msg`Mark as awaiting client`,
  'staff.await_staff': msg`Mark as awaiting staff`,
  'staff.resolve': msg`Resolve`,
  'staff.reopen': msg`Reopen`,
  'staff.close': msg`Close`,
};

/** Timeline events as the reader sees them. */
export const EVENT_LABELS: Record<TicketEventType | 'created', MessageDescriptor> = {
  created: msg`Ticket opened`,
  'client.reply': msg`Client replied`,
  'client.reopen': msg`Reopened by the client`,
  'client.rate': msg`Rated by the client`,
  'staff.reply': msg`Support answered`,
  'staff.await_client': msg`Waiting for the client`,
  'staff.await_staff': msg`Waiting for support`,
  'staff.resolve': msg`Resolved`,
  'staff.reopen': msg`Reopened by support`,
  'staff.close': msg`Closed`,
};

export const AGE_LABELS: Record<TicketAge, MessageDescriptor> = {
  '1h': msg`Older than 1 hour`,
  '24h': msg`Older than 24 hours`,
  '3d': msg`Older than 3 days`,
  '7d': msg`Older than 7 days`,
};

/** "45 min", "3 hr 20 min", "2 days 4 hr" in the reader's language (Intl units). */
export function formatDuration(seconds: number, locale: string): string {
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 0 }).format(value);
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? unit(days, 'day') : `${unit(days, 'day')} ${unit(hours % 24, 'hour')}`;
}
