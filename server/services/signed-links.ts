import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of the e-mail verification links: HMAC-SHA256 with APP_KEY over the user id,
 * the address being verified and the expiry. The address is part of what is signed but not
 * of the link, so a link stops working as soon as the address it was sent to is no longer
 * the one waiting for verification (changed again, or taken over by another user).
 */
export function signEmailLink(key: string, userId: number, email: string, expires: number): string {
  return createHmac('sha256', key).update(`email-verification\n${userId}\n${email}\n${expires}`).digest('hex');
}

export function emailLinkSignatureValid(key: string, userId: number, email: string, expires: number, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signEmailLink(key, userId, email, expires), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
