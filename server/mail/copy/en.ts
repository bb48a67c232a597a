import type { MailCopy } from './types.ts';

const valid = (minutes: number) => `The link is valid for ${minutes} minutes and can be used once.`;

export const en: MailCopy = {
  layout: {
    fallback: 'If the button does not work, copy this address into your browser:',
    signature: 'Kind regards,\nThe Traderoom team',
    footer: ({ email }) =>
      `This message was sent to ${email} because of an action on your Traderoom account. It was sent automatically; please do not reply to it.`,
  },
  verifyEmail: ({ name, url, minutes }) => ({
    subject: 'Verify your e-mail address',
    greeting: `Hello ${name},`,
    paragraphs: ['Thank you for opening a Traderoom account. Please confirm that this e-mail address is yours.'],
    action: { label: 'Verify e-mail address', url },
    notes: [`The link is valid for ${minutes} minutes.`, 'If you did not open an account, you can ignore this message.'],
  }),
  confirmNewEmail: ({ name, url, minutes, email }) => ({
    subject: 'Confirm your new e-mail address',
    greeting: `Hello ${name},`,
    paragraphs: [
      `You asked to change the e-mail address of your Traderoom account to ${email}.`,
      'Until you confirm it, you keep signing in with your current address.',
    ],
    action: { label: 'Confirm new address', url },
    notes: [`The link is valid for ${minutes} minutes.`, 'If you did not ask for this, ignore this message: nothing changes.'],
  }),
  resetPassword: ({ name, url, minutes }) => ({
    subject: 'Reset your password',
    greeting: `Hello ${name},`,
    paragraphs: ['We received a request to reset the password of your Traderoom account.'],
    action: { label: 'Choose a new password', url },
    notes: [valid(minutes), 'If you did not ask for a new password, ignore this message: your password stays as it is.'],
  }),
  passwordChanged: ({ name, url, when }) => ({
    subject: 'Your password was changed',
    greeting: `Hello ${name},`,
    paragraphs: [`The password of your Traderoom account was changed on ${when}.`],
    action: { label: 'Reset password', url },
    notes: ['If this was not you, reset your password at once and contact our support.'],
  }),
  accountClosed: ({ name, when }) => ({
    subject: 'Your Traderoom account is closed',
    greeting: `Hello ${name},`,
    paragraphs: [
      `As you asked, your Traderoom account was closed on ${when}. You can no longer sign in, and we have replaced your name and e-mail address in our records.`,
      'The law requires us to keep the records of your money movements, trading accounts, identity verification and our correspondence for five years after our relationship ends; they are now linked to an anonymous account and used for nothing else.',
    ],
    notes: ['If you did not close your account, contact our support at once.'],
  }),
};
