import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (an authenticator's TOTP seed), sealed with AES-256-GCM under
 * a key derived from APP_KEY: a copy of the database without the app's key yields nothing.
 */
export function secretBox(appKey: string) {
  const key = createHash('sha256').update(`traderoom:secret-box:${appKey}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * A keyed hash for random single-use codes (recovery codes): they carry 50 random bits, so a slow
 * hash would add nothing against guessing (attempts are throttled) while costing ten argon2
 * verifications per try; the key keeps a leaked table from being checked offline.
 */
export function keyedHash(appKey: string, value: string): string {
  return createHmac('sha256', `traderoom:recovery:${appKey}`).update(value).digest('hex');
}
