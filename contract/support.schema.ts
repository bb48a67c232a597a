import { z } from 'zod';
import { LOCALES } from './locales';
import { type AgentAlerts, AWAY_MESSAGE_MAX, type OfficeHours, SUPPORT_AVAILABILITIES, type SupportStatus, WEEKDAYS } from './support';
import { isIsoTime, isTimeZone } from './time-zone';
import { breaks as rule } from './validation';

const timeField = z.string().min(1).refine(isIsoTime, rule('time'));
const awayMessages = z.object(
  Object.fromEntries(LOCALES.map((lang) => [lang, z.string().trim().min(1).max(AWAY_MESSAGE_MAX)])) as Record<
    (typeof LOCALES)[number],
    z.ZodString
  >,
);

/** PUT /api/admin/support/office-hours, and its answer. */
export const officeHoursSchema = z
  .object({
    days: z
      .array(z.number().int().refine((d) => (WEEKDAYS as readonly number[]).includes(d), rule('in')))
      .min(1)
      .transform((days) => [...new Set(days)].sort() as OfficeHours['days']),
    from: timeField,
    to: timeField,
    time_zone: z.string().min(1).refine(isTimeZone, rule('timezone')),
    away_message: awayMessages,
  })
  .refine((hours) => hours.from < hours.to, { path: ['to'], ...rule('invalid') }) satisfies z.ZodType<OfficeHours, unknown>;

export const supportStatusSchema = z.object({
  online: z.boolean(),
  availability: z.enum(SUPPORT_AVAILABILITIES),
  closes_at: z.string().nullable(),
  opens_at: z.string().nullable(),
  office_hours: officeHoursSchema,
}) satisfies z.ZodType<SupportStatus, unknown>;

export const clientPresenceSchema = z.object({ online: z.boolean(), last_seen_at: z.string().nullable() });

export const agentAlertsSchema = z.object({ sound: z.boolean() }) satisfies z.ZodType<AgentAlerts, unknown>;
