import { createRequire } from 'node:module';

/**
 * Packages that only some installations or some requests need, loaded on first use rather than
 * at start: each costs 75-230 ms of a cold start and 10-20 MB held (docs/adr/0098). Redis with
 * REDIS_URL, PostgreSQL with a postgres: DATABASE_URL, an external Pusher service, SMTP or the
 * outbox when the first mail goes out, a QR code when a client enrols a second factor, WebAuthn
 * (with its X.509 and ASN.1 packages, about 600 modules) when someone uses a passkey.
 */
const require = createRequire(import.meta.url);

function once<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}

export const ioredis = once(() => require('ioredis') as typeof import('ioredis'));
export const postgres = once(() => require('pg') as typeof import('pg'));
export const nodemailer = once(() => require('nodemailer') as typeof import('nodemailer'));
export const pusher = once(() => require('pusher') as typeof import('pusher'));
export const qrcode = once(() => require('qrcode') as typeof import('qrcode'));
export const simpleWebAuthn = once(() => require('@simplewebauthn/server') as typeof import('@simplewebauthn/server'));
