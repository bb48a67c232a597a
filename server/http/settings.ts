import type { FastifyPluginAsync } from 'fastify';
import type { SessionInfo } from '../../contract/account.ts';
import { passwordChangeBodySchema, profileBodySchema } from '../../contract/account.schema.ts';
import type { User } from '../../contract/user.ts';
import { mailsEmailChange } from '../services/account-settings.ts';
import { deviceOf } from '../services/devices.ts';
import type { Services } from '../services/index.ts';
import { normalizeEmail, toUserBody } from '../services/users.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { checkNewPassword } from './password-rules.ts';
import { spendAttempt } from './rate-limit.ts';
import { check, inFieldOrder, validationFailed } from './validation.ts';
import { toId } from '../../contract/ids.ts';

const PROFILE_FIELDS = Object.keys(profileBodySchema.shape);
const PASSWORD_FIELDS = Object.keys(passwordChangeBodySchema.shape);
/** The password form labels its fields "New password" and "Confirm new password". */
const PASSWORD_LABELS = { password: 'new_password', password_confirmation: 'new_password_confirmation' };

/** The signed-in user's own settings: profile, password, sessions. */
export const settingsRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const signedIn = { preHandler: requireAuth(services) };

  app.patch('/api/settings/profile', signedIn, async (request): Promise<User> => {
    const { user } = authOf(request);
    const checked = check(profileBodySchema, request.body);
    const failures = checked.ok ? [] : [...checked.failures];
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && !failures.some((f) => f.field === 'email') && (await services.users.emailTaken(email, user.id))) {
      failures.push({ field: 'email', rule: 'unique' });
    }
    if (!checked.ok || failures.length > 0) throw validationFailed(request.locale, inFieldOrder(failures, PROFILE_FIELDS));
    if (mailsEmailChange(user, checked.data.email)) {
      await spendAttempt(
        [
          [services.throttles.emailChange, String(user.id)],
          [services.throttles.mailRecipient, normalizeEmail(checked.data.email)],
        ],
        request.locale,
      );
    }
    return toUserBody(await services.accountSettings.updateProfile(user, checked.data, request.locale));
  });

  app.patch('/api/settings/password', signedIn, async (request, reply) => {
    const { user } = authOf(request);
    const checked = check(passwordChangeBodySchema, request.body);
    const failures = checked.ok ? [] : [...checked.failures];
    checkNewPassword(request.body, failures, user.email);
    if (!checked.ok || failures.length > 0) throw validationFailed(request.locale, inFieldOrder(failures, PASSWORD_FIELDS), PASSWORD_LABELS);

    // Counted before the current password is verified, so requests sent together cannot all be checked.
    const key = String(user.id);
    await spendAttempt([[services.throttles.passwordCheck, key]], request.locale);
    const outcome = await services.accountSettings.changePassword(user, checked.data.current_password, checked.data.password);
    if (outcome === 'wrong-current') throw validationFailed(request.locale, [{ field: 'current_password', rule: 'current_password' }]);
    await services.throttles.passwordCheck.clear(key);
    return reply.code(204).send();
  });

  app.get('/api/settings/sessions', signedIn, async (request): Promise<SessionInfo[]> => {
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
  });

  /** Signs out every other session; 200 `{revoked}` with how many. */
  app.delete('/api/settings/sessions', signedIn, async (request) => {
    const { user, tokenId } = authOf(request);
    return { revoked: await services.tokens.revokeAll(user.id, tokenId) };
  });

  /** Signs out one session of the caller's; another user's (or an unknown) id is 404, telling nothing. */
  app.delete<{ Params: { id: string } }>('/api/settings/sessions/:id', signedIn, async (request, reply) => {
    const { user } = authOf(request);
    const id = toId(request.params.id);
    if (id === null || !(await services.tokens.revokeOwn(user.id, id))) throw notFound(request.locale);
    return reply.code(204).send();
  });
};
