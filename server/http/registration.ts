import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { registerBodySchema } from '../../src/contract/auth.ts';
import type { User } from '../../src/contract/user.ts';
import type { Services } from '../services/index.ts';
import { EmailTakenError, toUserBody } from '../services/users.ts';
import { check, inFieldOrder, validationFailed, type Failure } from './validation.ts';

const FIELDS = Object.keys(registerBodySchema.shape);

/** POST /api/register: 201 with the new user (e-mail verification comes with the mail issue). */
export const registrationRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.post('/api/register', async (request, reply: FastifyReply): Promise<User> => {
    const checked = check(registerBodySchema, request.body);
    const failures: Failure[] = checked.ok ? [] : [...checked.failures];

    // `unique` runs like Laravel's: with the other rules, once the address itself is valid.
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && !failures.some((f) => f.field === 'email') && (await services.users.emailTaken(email))) {
      failures.push({ field: 'email', rule: 'unique' });
    }
    if (!checked.ok || failures.length > 0) throw validationFailed(request.locale, inFieldOrder(failures, FIELDS));

    const { first_name, second_name, email: address, password } = checked.data;
    try {
      const user = await services.users.create({ first_name, second_name, email: address, password });
      reply.code(201);
      return toUserBody(user);
    } catch (error) {
      // Lost a race with another registration of the same address.
      if (error instanceof EmailTakenError) throw validationFailed(request.locale, [{ field: 'email', rule: 'unique' }]);
      throw error;
    }
  });
};
