import type { FastifyRequest } from 'fastify';
import { PARTNER_COOKIE } from '../../contract/partners.ts';
import type { Services } from '../services/index.ts';
import { TRUSTED_DEVICE_COOKIE } from './security.ts';

/**
 * Every way an account is created (the registration form, an OAuth sign-up) hands the new user to
 * this one function: it reads the referral link's first-touch cookie, the address and the trusted
 * device the request came with, and the partner program decides (docs/adr/0095, 0099).
 */
export async function attributeSignUp(services: Pick<Services, 'partners'>, request: FastifyRequest, user: { id: number; email: string }): Promise<void> {
  await services.partners.attribute({
    userId: user.id,
    email: user.email,
    token: request.cookies[PARTNER_COOKIE] ?? null,
    ip: request.ip,
    deviceToken: request.cookies[TRUSTED_DEVICE_COOKIE] ?? null,
  });
}
