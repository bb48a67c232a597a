import { z } from 'zod';
import type { MailboxEntry, MailboxMail } from './mailbox';

/** Answers of the development mailbox (the types in mailbox.ts are what the app reads). */

export const mailboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string().nullable(),
}) satisfies z.ZodType<MailboxEntry>;

export const mailboxMailSchema = mailboxEntrySchema.extend({
  from: z.string(),
  text: z.string(),
  html: z.string().nullable(),
}) satisfies z.ZodType<MailboxMail>;
