import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionInfo } from '../../contract/account.ts';
import { passwordChangeBodySchema, profileBodySchema } from '../../contract/account.schema.ts';
import { revokedSessionsSchema, sessionInfoSchema } from '../../contract/sessions.schema.ts';
import { userSchema } from '../../contract/user.schema.ts';
import { mailsEmailChange } from '../services/account-settings.ts';
import { deviceOf } from '../services/devices.ts';
import { normalizeEmail, toUserBody } from '../services/users.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { checkNewPassword } from './password-rules.ts';
import { requireStepUp } from './step-up.ts';
import { spendAttempt } from './rate-limit.ts';
import { noContent, refusals } from './responses.ts';
import { schemaFailures } from './schema-compilers.ts';
import { inFieldOrder, validationFailed } from './validation.ts';

const PROFILE_FIELDS = Object.keys(profileBodySchema.shape);
const PASSWORD_FIELDS = Object.keys(passwordChangeBodySchema.shape);
/** The password form labels its fields "New password" and "Confirm new password". */
const PASSWORD_LABELS = { password: 'new_password', password_confirmation: 'new_password_confirmation' };
const tags = ['settings'];

/** The signed-in user's own settings: profile, password, sessions. */
export const settingsRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const preValidation = guard.signedIn;

  app.patch(
    '/api/settings/profile',
    {
      preValidation,
      // The schema's failures and `unique` are answered together.
      attachValidation: true,
      schema: {
        summary: 'Change the names; a new e-mail waits for its confirmation link (and needs a step-up: 423)',
        tags,
        body: profileBodySchema,
        response: { 200: userSchema, ...refusals(401, 422, 423, 429) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const failures = schemaFailures(request);
      const email = (request.body as { email?: unknown } | undefined)?.email;
      if (typeof email === 'string' && !failures.some((f) => f.field === 'email') && (await services.users.emailTaken(email, user.id))) {
        failures.push({ field: 'email', rule: 'unique' });
      }
      if (failures.length > 0) throw validationFailed(request.locale, inFieldOrder(failures, PROFILE_FIELDS));
      const body = request.body;
      if (mailsEmailChange(user, body.email)) {
        // A new address is a way into the account: the owner proves themselves again first.
        await requireStepUp(services, request);
        await spendAttempt(
          [
            [services.throttles.emailChange, String(user.id)],
            [services.throttles.mailRecipient, normalizeEmail(body.email)],
          ],
          request.locale,
        );
      }
      return toUserBody(await services.accountSettings.updateProfile(user, body, request.locale));
    },
  );

  app.patch(
    '/api/settings/password',
    {
      preValidation,
      // The schema's failures and the new password's rules are answered together.
      attachValidation: true,
      schema: {
        summary: 'Change the password (the current one is checked; with a second factor, a step-up too: 423)',
        tags,
        body: passwordChangeBodySchema,
        response: { 204: noContent, ...refusals(401, 422, 423, 429) },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const failures = schemaFailures(request);
      checkNewPassword(request.body, failures, user.email);
      if (failures.length > 0) throw validationFailed(request.locale, inFieldOrder(failures, PASSWORD_FIELDS), PASSWORD_LABELS);
      // The current password is the proof of a user without a second factor; with one, it is asked too.
      if (await services.secondFactor.enabled(user.id)) await requireStepUp(services, request);

      // Counted before the current password is verified, so requests sent together cannot all be checked.
      const key = String(user.id);
      await spendAttempt([[services.throttles.passwordCheck, key]], request.locale);
      const outcome = await services.accountSettings.changePassword(user, request.body.current_password, request.body.password);
      if (outcome === 'wrong-current') throw validationFailed(request.locale, [{ field: 'current_password', rule: 'current_password' }]);
      await services.throttles.passwordCheck.clear(key);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/settings/sessions',
    { preValidation, schema: { summary: 'The user’s signed-in devices', tags, response: { 200: z.array(sessionInfoSchema), ...refusals(401) } } },
    async (request): Promise<SessionInfo[]> => {
      const { user, tokenId } = authOf(request);
      const live = await services.tokens.liveOf(user.id);
      return live.map((token) => ({
        id: token.id,
        ...deviceOf(token.user_agent),
        ip: token.ip,
        created_at: token.created_at,
        last_used_at: token.last_used_at,
        expires_at: token.expires_at,
        current: token.id === tokenId,
      }));
    },
  );

  app.delete(
    '/api/settings/sessions',
    { preValidation, schema: { summary: 'Sign out every other session', tags, response: { 200: revokedSessionsSchema, ...refusals(401) } } },
    async (request) => {
      const { user, tokenId } = authOf(request);
      return { revoked: await services.tokens.revokeAll(user.id, tokenId) };
    },
  );

  app.delete(
    '/api/settings/sessions/:id',
    {
      preValidation,
      schema: {
        summary: 'Sign out one of the caller’s sessions',
        description: 'Another user’s (or an unknown) id is 404, telling nothing.',
        tags,
        params: z.object({ id: idParam }),
        response: { 204: noContent, ...refusals(401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      if (!(await services.tokens.revokeOwn(user.id, request.params.id))) throw notFound(request.locale);
      return reply.code(204).send();
    },
  );
};
