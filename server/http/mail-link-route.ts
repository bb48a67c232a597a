import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailOnlyBodySchema } from '../../contract/account.schema.ts';
import { statusResponseSchema } from '../../contract/answers.schema.ts';
import type { Locale } from '../../contract/locales.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import type { Throttle } from '../services/throttle.ts';
import { normalizeEmail } from '../services/users.ts';
import type { Api } from './api.ts';
import { spendAttempt } from './rate-limit.ts';
import { refusals } from './responses.ts';

type App = Parameters<FastifyPluginAsyncZod<Api>>[0];

interface MailLinkRoute {
  path: string;
  summary: string;
  description: string;
  tags: string[];
  /** The route's own per-IP throttle. */
  perIp: Throttle;
  /** Mails the link when the account exists; silent otherwise. */
  send: (email: string, locale: Locale) => Promise<void>;
  /** The answer, the same words whether or not the account exists and a mail went out. */
  answer: MessageKey;
}

/**
 * A public "mail me a link" route (verification again, password reset): both must not tell whether an
 * address has an account, so they throttle and answer alike; one place keeps them from drifting apart.
 */
export function mailLinkRoute(app: App, { mailRecipient }: { mailRecipient: Throttle }, route: MailLinkRoute) {
  app.post(
    route.path,
    {
      // Every request counts, valid or not (as Laravel's `throttle:6,1`): before the schema is checked.
      preValidation: async (request) => spendAttempt([[route.perIp, request.ip]], request.locale),
      schema: {
        summary: route.summary,
        description: route.description,
        tags: route.tags,
        body: emailOnlyBodySchema,
        response: { 200: statusResponseSchema, ...refusals(422, 429) },
      },
    },
    async (request) => {
      const { email } = request.body;
      // Counted whether or not the account exists, so a 429 tells nothing about it.
      await spendAttempt([[mailRecipient, normalizeEmail(email)]], request.locale);
      await route.send(email, request.locale);
      return { status: t(request.locale, route.answer) };
    },
  );
}
