import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginResponseSchema } from '../../contract/auth.schema.ts';
import {
  passkeyInfoSchema,
  passkeyOptionsSchema,
  passkeyRegisterBodySchema,
  passkeyRenameBodySchema,
  passkeySignInBodySchema,
  recoveryCodesSchema,
  securityStatusSchema,
  stepUpBodySchema,
  totpConfirmBodySchema,
  totpEnrolmentSchema,
  twoFactorBodySchema,
} from '../../contract/security.schema.ts';
import type { PasskeyAssertion } from '../../contract/security.ts';
import { holdsRole } from '../../contract/user.ts';
import { t } from '../i18n/index.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { HttpError, httpError, notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { spendAttempt } from './rate-limit.ts';
import { noContent, refusals } from './responses.ts';
import { requireStepUp } from './step-up.ts';
import { validationFailed } from './validation.ts';

/** The remembered-device cookie: httpOnly, so no script can read it; sent only to the sign-in calls. */
export const TRUSTED_DEVICE_COOKIE = 'trusted_device';
const DEVICE_COOKIE_PATH = '/api';
const tags = ['security'];

/** WebAuthn's option objects, answered as the JSON they are. */
const ceremony = async (pending: Promise<{ challenge: string; options: object }>) => {
  const { challenge, options } = await pending;
  return { challenge, options: options as Record<string, unknown> };
};
const asAssertion = (passkey: PasskeyAssertion) => passkey.response as unknown as AuthenticationResponseJSON;

/**
 * The second factor (docs/adr/0084): the second step of a sign-in, a passkey sign-in, enrolment
 * of an authenticator and of passkeys, recovery codes, the step-up, remembered devices.
 */
export const securityRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const { secondFactor, passkeys } = services;
  const badCode = (request: FastifyRequest, field = 'code') => validationFailed(request.locale, [{ field, rule: 'two_factor_code' }]);
  const expired = (request: FastifyRequest) => {
    const message = t(request.locale, 'auth.challenge_expired');
    return new HttpError(422, { message, errors: { challenge: [message] } });
  };
  const rememberDevice = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(TRUSTED_DEVICE_COOKIE, token, { path: DEVICE_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: 30 * 86_400 });

  app.post(
    '/api/two-factor-challenge',
    {
      schema: {
        summary: 'The second step of a sign-in: an authenticator code, a recovery code or a passkey',
        description:
          'After POST /api/login answered `{two_factor: true, challenge, methods}`. Throttled on the sign-in’s own counters. ' +
          '422 on `code` / `recovery_code` / `passkey` for a wrong, used or expired proof; on `challenge` when the sign-in expired (5 minutes). ' +
          '`remember_device` sets the httpOnly `trusted_device` cookie: the next 30 days’ sign-ins in this browser skip this step.',
        tags,
        body: twoFactorBodySchema,
        response: { 200: loginResponseSchema, ...refusals(422, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const common = { challenge: body.challenge, rememberDevice: body.remember_device, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      if (body.passkey) {
        const pending = await secondFactor.readChallenge(body.challenge, 'sign-in');
        if (!pending?.userId) throw expired(request);
        const userId = await passkeys.verifyAssertion(body.passkey.challenge, asAssertion(body.passkey), pending.userId);
        if (userId === null || !(await secondFactor.spendChallenge(pending.id))) {
          await services.securityActivity.record(pending.userId, 'sign_in_failed', { ip: request.ip, userAgent: common.userAgent, reason: 'passkey' });
          throw badCode(request, 'passkey');
        }
        const issued = await services.auth.issueFor(userId, { remember: pending.remember, ip: request.ip, userAgent: common.userAgent });
        if (body.remember_device) rememberDevice(request, reply, await secondFactor.trustDevice(userId, common.userAgent));
        return { token: issued.token, token_type: 'bearer' as const, expires_in: issued.expiresIn };
      }
      const result = await services.auth.completeSecondFactor({ ...common, code: body.code, recovery_code: body.recovery_code });
      switch (result.outcome) {
        case 'throttled':
          throw httpError(429, request.locale, 'auth.throttle', { 'retry-after': String(result.retryAfterSeconds) });
        case 'expired':
          throw expired(request);
        case 'bad-code':
          throw badCode(request, body.recovery_code && !body.code ? 'recovery_code' : 'code');
        case 'signed-in':
          if (result.deviceToken) rememberDevice(request, reply, result.deviceToken);
          return { token: result.token, token_type: 'bearer' as const, expires_in: result.expiresIn };
      }
    },
  );

  app.post(
    '/api/two-factor-challenge/passkey-options',
    {
      schema: {
        summary: 'WebAuthn options to answer a sign-in’s second step with a passkey',
        tags,
        body: z.object({ challenge: z.string().min(1).max(100) }),
        response: { 200: passkeyOptionsSchema, ...refusals(422) },
      },
    },
    async (request) => {
      const pending = await secondFactor.readChallenge(request.body.challenge, 'sign-in');
      if (!pending?.userId) throw expired(request);
      return ceremony(passkeys.authenticationOptions(pending.userId));
    },
  );

  app.post(
    '/api/passkeys/sign-in/options',
    { schema: { summary: 'WebAuthn options to sign in with a passkey alone', tags, response: { 200: passkeyOptionsSchema } } },
    async () => ceremony(passkeys.authenticationOptions(null)),
  );

  app.post(
    '/api/passkeys/sign-in',
    {
      schema: {
        summary: 'Sign in with a passkey alone (it proves both factors: user verification is required)',
        tags,
        body: passkeySignInBodySchema,
        response: { 200: loginResponseSchema, ...refusals(422, 429) },
      },
    },
    async (request) => {
      await spendAttempt([[services.throttles.loginAddress, request.ip]], request.locale);
      const userId = await passkeys.verifyAssertion(request.body.challenge, request.body.response as unknown as AuthenticationResponseJSON);
      const user = userId === null ? undefined : await services.users.findById(userId);
      if (!user || !user.email_verified_at) {
        const message = t(request.locale, 'auth.passkey_failed');
        throw new HttpError(422, { message, errors: { passkey: [message] } });
      }
      await services.throttles.loginAddress.giveBack(request.ip);
      const issued = await services.auth.issueFor(user.id, { remember: request.body.remember, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      return { token: issued.token, token_type: 'bearer' as const, expires_in: issued.expiresIn };
    },
  );

  const preValidation = guard.signedIn;
  const stepUp = (request: FastifyRequest) => requireStepUp(services, request);

  app.get(
    '/api/security',
    { preValidation, schema: { summary: 'The caller’s second factors, step-up methods and withdrawal hold', tags, response: { 200: securityStatusSchema, ...refusals(401) } } },
    async (request) => {
      const { user } = authOf(request);
      const [totp, left, list, methods, held] = await Promise.all([
        secondFactor.totpConfirmed(user.id),
        secondFactor.recoveryCodesLeft(user.id),
        passkeys.list(user.id),
        secondFactor.methods(user.id),
        secondFactor.withdrawalsHeldUntil(user.id),
      ]);
      return { totp, recovery_codes_left: left, passkeys: list, methods, required: holdsRole(user.roles, 'admin'), withdrawals_held_until: held };
    },
  );

  app.post(
    '/api/security/totp',
    {
      preValidation,
      schema: {
        summary: 'Start enrolling an authenticator app: its key and QR code',
        description: '409 when an authenticator is already on (turn it off first).',
        tags,
        response: { 200: totpEnrolmentSchema, ...refusals(401, 409) },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const enrolment = await secondFactor.beginTotp(user.id, user.email);
      if (!enrolment) throw httpError(409, request.locale, 'http.transition_refused');
      reply.header('cache-control', 'no-store');
      return enrolment;
    },
  );

  app.post(
    '/api/security/totp/confirm',
    {
      preValidation,
      schema: {
        summary: 'Confirm the authenticator with its first code; answers the ten recovery codes, once',
        tags,
        body: totpConfirmBodySchema,
        response: { 200: recoveryCodesSchema, ...refusals(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const { user, tokenId } = authOf(request);
      await spendAttempt([[services.throttles.passwordCheck, String(user.id)]], request.locale);
      const codes = await secondFactor.confirmTotp(user.id, request.body.code);
      if (!codes) throw badCode(request);
      await services.throttles.passwordCheck.clear(String(user.id));
      // Proving the new factor is a step-up of this session: the codes can be read again at once.
      await secondFactor.markSteppedUp(tokenId);
      reply.header('cache-control', 'no-store');
      return { recovery_codes: codes };
    },
  );

  app.delete(
    '/api/security/totp',
    { preValidation, schema: { summary: 'Turn the authenticator off (step-up)', tags, response: { 204: noContent, ...refusals(401, 423) } } },
    async (request, reply) => {
      await stepUp(request);
      await secondFactor.disableTotp(authOf(request).user.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/security/recovery-codes',
    { preValidation, schema: { summary: 'New recovery codes (step-up); the old ones stop working', tags, response: { 200: recoveryCodesSchema, ...refusals(401, 409, 423) } } },
    async (request, reply) => {
      const { user } = authOf(request);
      await stepUp(request);
      if (!(await secondFactor.totpConfirmed(user.id))) throw httpError(409, request.locale, 'http.transition_refused');
      reply.header('cache-control', 'no-store');
      return { recovery_codes: await secondFactor.regenerateRecoveryCodes(user.id) };
    },
  );

  app.post(
    '/api/security/step-up',
    {
      preValidation,
      schema: {
        summary: 'Prove the second factor (or, without one, the password) again: good for 5 minutes on this session',
        description: 'Throttled like the settings’ password check. 422 on the field of a wrong proof.',
        tags,
        body: stepUpBodySchema,
        response: { 204: noContent, ...refusals(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const { user, tokenId } = authOf(request);
      const body = request.body;
      const key = String(user.id);
      await spendAttempt([[services.throttles.passwordCheck, key]], request.locale);
      const methods = await secondFactor.methods(user.id);
      let field = 'code';
      let proved = false;
      if (body.passkey && methods.includes('passkey')) {
        field = 'passkey';
        proved = (await passkeys.verifyAssertion(body.passkey.challenge, asAssertion(body.passkey), user.id)) === user.id;
      } else if (body.password !== undefined && methods.includes('password')) {
        field = 'password';
        const hash = await services.users.passwordHashOf(user.id);
        proved = hash ? await services.passwords.verify(hash, body.password) : false;
        if (!proved) throw validationFailed(request.locale, [{ field, rule: 'current_password' }]);
      } else if (methods.includes('totp')) {
        field = body.recovery_code && !body.code ? 'recovery_code' : 'code';
        proved = await secondFactor.verify(user.id, body);
      }
      if (!proved) throw badCode(request, field);
      await services.throttles.passwordCheck.clear(key);
      await secondFactor.markSteppedUp(tokenId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/security/step-up/passkey-options',
    { preValidation, schema: { summary: 'WebAuthn options to step up with one of the caller’s passkeys', tags, response: { 200: passkeyOptionsSchema, ...refusals(401) } } },
    async (request) => ceremony(passkeys.authenticationOptions(authOf(request).user.id)),
  );

  app.delete(
    '/api/security/devices',
    { preValidation, schema: { summary: 'Forget every remembered device: the next sign-ins ask for the second factor', tags, response: { 204: noContent, ...refusals(401) } } },
    async (request, reply) => {
      await secondFactor.forgetDevices(authOf(request).user.id);
      reply.clearCookie(TRUSTED_DEVICE_COOKIE, { path: DEVICE_COOKIE_PATH });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/security/passkeys/options',
    { preValidation, schema: { summary: 'WebAuthn options to register a passkey', tags, response: { 200: passkeyOptionsSchema, ...refusals(401) } } },
    async (request) => {
      const { user } = authOf(request);
      return ceremony(passkeys.registrationOptions({ id: user.id, email: user.email, name: `${user.first_name} ${user.second_name}` }));
    },
  );

  app.post(
    '/api/security/passkeys',
    {
      preValidation,
      schema: { summary: 'Register a passkey with a name', tags, body: passkeyRegisterBodySchema, response: { 201: passkeyInfoSchema, ...refusals(401, 422) } },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const saved = await passkeys.register(user.id, request.body.challenge, request.body.response as unknown as RegistrationResponseJSON, request.body.name);
      if (!saved) {
        const message = t(request.locale, 'auth.passkey_failed');
        throw new HttpError(422, { message, errors: { passkey: [message] } });
      }
      return reply.code(201).send(saved);
    },
  );

  const passkeyParams = z.object({ id: idParam });

  app.patch(
    '/api/security/passkeys/:id',
    { preValidation, schema: { summary: 'Rename a passkey', tags, params: passkeyParams, body: passkeyRenameBodySchema, response: { 200: passkeyInfoSchema, ...refusals(401, 404, 422) } } },
    async (request) => {
      const renamed = await passkeys.rename(authOf(request).user.id, request.params.id, request.body.name);
      if (!renamed) throw notFound(request.locale);
      return renamed;
    },
  );

  app.delete(
    '/api/security/passkeys/:id',
    { preValidation, schema: { summary: 'Remove a passkey (step-up)', tags, params: passkeyParams, response: { 204: noContent, ...refusals(401, 404, 423) } } },
    async (request, reply) => {
      await stepUp(request);
      if (!(await passkeys.remove(authOf(request).user.id, request.params.id))) throw notFound(request.locale);
      return reply.code(204).send();
    },
  );
};
