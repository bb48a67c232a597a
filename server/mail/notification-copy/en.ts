import type { DocumentKind } from '../../../contract/verification.ts';
import { quoted, type NotificationMailCopy } from './types.ts';

const documentName: Record<DocumentKind, string> = { identity: 'proof of identity', address: 'proof of address' };
const statusName: Record<string, string> = {
  open: 'open',
  awaiting_staff: 'awaiting our answer',
  awaiting_client: 'awaiting your answer',
  resolved: 'resolved',
  closed: 'closed',
};
const request = (kind: 'deposit' | 'withdrawal') => (kind === 'deposit' ? 'deposit' : 'withdrawal');
const hello = (name: string) => `Hello ${name},`;

export const en: NotificationMailCopy = {
  'money_request.approved': ({ name, url, when, kind, amount, account }) => ({
    subject: `Your ${request(kind)} of ${amount} was approved`,
    greeting: hello(name),
    paragraphs: [
      kind === 'deposit'
        ? `Your deposit of ${amount} to account ${account} was approved on ${when}. The money is on its way to your account.`
        : `Your withdrawal of ${amount} from account ${account} was approved on ${when}. The payout is on its way to you.`,
    ],
    action: { label: 'View your history', url },
    notes: [],
  }),
  'money_request.rejected': ({ name, url, when, kind, amount, account, reason }) => ({
    subject: `Your ${request(kind)} of ${amount} was rejected`,
    greeting: hello(name),
    paragraphs: [
      `Your ${request(kind)} of ${amount} (account ${account}) was rejected on ${when}.`,
      reason ? `Reason: ${reason}` : 'Our team did not give a reason; our support will tell you more.',
      ...(kind === 'withdrawal' ? ['The money stays in your account.'] : []),
    ],
    action: { label: 'View your history', url },
    notes: [],
  }),
  'document.approved': ({ name, url, when, kind }) => ({
    subject: `Your ${documentName[kind]} was approved`,
    greeting: hello(name),
    paragraphs: [`We checked your ${documentName[kind]} and approved it on ${when}.`],
    action: { label: 'Open verification', url },
    notes: [],
  }),
  'document.rejected': ({ name, url, when, kind, reason }) => ({
    subject: `Your ${documentName[kind]} was rejected`,
    greeting: hello(name),
    paragraphs: [
      `We checked your ${documentName[kind]} and could not accept it (${when}).`,
      reason ? `Reason: ${reason}` : 'Please upload a clear, complete and valid document.',
      'You can upload a new one at any time.',
    ],
    action: { label: 'Upload a new document', url },
    notes: [],
  }),
  'ticket.reply': ({ name, url, number, subject, from, answer }) =>
    answer === undefined
      ? {
          subject: `New reply to your ticket ${number}`,
          greeting: hello(name),
          paragraphs: [`${from} replied to your ticket ${number} “${subject}”.`],
          action: { label: 'Read the reply', url },
          notes: [],
        }
      : {
          subject: `The answer to your message: ticket ${number}`,
          greeting: hello(name),
          paragraphs: [`You wrote to us in the chat while nobody from support was online, so your message became ticket ${number}. ${from} answered:`, ...quoted(answer)],
          action: { label: 'Open the ticket', url },
          notes: ['You can answer on the ticket page or in the chat.'],
        },
  'ticket.status': ({ name, url, number, subject, status }) => ({
    subject: `Ticket ${number} is now ${statusName[status] ?? status}`,
    greeting: hello(name),
    paragraphs: [`Your ticket ${number} “${subject}” is now ${statusName[status] ?? status}.`],
    action: { label: 'Open the ticket', url },
    notes: [],
  }),
  'ticket.new': ({ name, url, number, subject, client, category }) => ({
    subject: `New ticket ${number}: ${subject}`,
    greeting: hello(name),
    paragraphs: [`${client} opened ticket ${number} “${subject}” (${category}).`],
    action: { label: 'Open the ticket', url },
    notes: [],
  }),
  'security.new_device': ({ name, url, when, device, ip, notMeUrl, notMeDays }) => ({
    subject: 'Sign-in from a new device',
    greeting: hello(name),
    paragraphs: [`Your Traderoom account was signed in to from a device we have not seen before: ${device}${ip ? `, address ${ip}` : ''}, on ${when}.`],
    action: notMeUrl ? { label: 'This wasn’t me', url: notMeUrl } : { label: 'Review your devices', url },
    notes: notMeUrl
      ? [
          'If this was you, there is nothing to do.',
          `If it was not, press “This wasn’t me”: we sign out every session and remembered device, hold withdrawals for a while and send you a link to choose a new password. The link works once, for ${notMeDays} days.`,
          `Your devices and recent sign-ins: ${url}`,
        ]
      : ['If this was you, there is nothing to do. If not, change your password at once and sign out the other devices.'],
  }),
  'security.email_changed': ({ name, url, when, previous, current }) => ({
    subject: 'The e-mail address of your account was changed',
    greeting: hello(name),
    paragraphs: [`The e-mail address of your Traderoom account was changed from ${previous} to ${current} on ${when}.`],
    action: { label: 'Open your profile', url },
    notes: ['If this was not you, contact our support at once.'],
  }),
  'privacy.export_ready': ({ name, url, until }) => ({
    subject: 'Your data export is ready',
    greeting: hello(name),
    paragraphs: [`The export of your Traderoom data that you asked for is ready. Download it from Settings → Privacy until ${until}; after that the file is deleted.`],
    action: { label: 'Download your data', url },
    notes: ['If you did not ask for it, change your password and contact our support.'],
  }),
  'ipo.priced': ({ name, url, offering, price, deadline }) => ({
    subject: `${offering}: the final price is ${price}`,
    greeting: hello(name),
    paragraphs: deadline
      ? [
          `The final price of ${offering} is ${price} a share, more than 20% away from the announced range.`,
          `Your application stays held, but it needs your reconfirmation by ${deadline}. Without it, it lapses and the money held is released.`,
        ]
      : [`The final price of ${offering} is ${price} a share. Your application stays as it is; the allocation comes next.`],
    action: { label: deadline ? 'Reconfirm your application' : 'Open the offering', url },
    notes: [],
  }),
  'ipo.lapsed': ({ name, url, offering, released }) => ({
    subject: `${offering}: your application lapsed`,
    greeting: hello(name),
    paragraphs: [`Your application for ${offering} was not reconfirmed in time and has lapsed. The ${released} held for it is available again.`],
    action: { label: 'Open the offering', url },
    notes: [],
  }),
  'ipo.allocated': ({ name, url, offering, requested, allocated, released, shares, price }) => ({
    subject: `${offering}: ${shares} shares allocated to you`,
    greeting: hello(name),
    paragraphs: [
      `The shares of ${offering} were allocated pro rata: you applied with ${requested} and were allocated ${shares} shares at ${price}, ${allocated} in all.`,
      `The remaining ${released} was released to your account at once.`,
    ],
    action: { label: 'See your allocation', url },
    notes: [],
  }),
  'ipo.cancelled': ({ name, url, offering, released, reason }) => ({
    subject: `${offering}: the offering was cancelled`,
    greeting: hello(name),
    paragraphs: [`The offering of ${offering} was cancelled.${reason ? ` Reason: ${reason}` : ''}`, `The ${released} held for your application is available again.`],
    action: { label: 'Open the offering', url },
    notes: [],
  }),
  'copy.stop_loss': ({ name, url, strategy, equity, floor }) => ({
    subject: `${strategy}: your stop-loss closed the copied positions`,
    greeting: hello(name),
    paragraphs: [
      `The equity of your copy of ${strategy} fell to ${equity}, at or below the floor of ${floor} you set.`,
      'Its open positions were closed and copying is paused. Lower the stop-loss or add funds, then resume when you are ready.',
    ],
    action: { label: 'Open the subscription', url },
    notes: [],
  }),
  preferencesNote: 'You can choose which notifications reach you by e-mail in Settings → Notifications.',
};
