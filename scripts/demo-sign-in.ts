/**
 * The demo accounts' sign-in for the scripts (bench, screenshots). The demo admin holds a second
 * factor (README, demo accounts): the first sign-in answers its code and asks the server to
 * remember this "device"; every later one, in the API or a browser, shows that device's cookie.
 * A code is good once, and the scripts sign the admin in many times within its 30 seconds.
 */
import * as OTPAuth from 'otpauth';
import type { BrowserContext } from '@playwright/test';
import { DEMO_ADMIN_TOTP_SECRET } from '../server/db/seed.ts';

export const DEMO_PASSWORD = 'traderoom-demo';
const devices = new Map<string, Promise<string>>();

async function post(base: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The `trusted_device` cookie of the demo admin on the server at `base` (one second step per process). */
export function adminDevice(base: string): Promise<string> {
  let device = devices.get(base);
  if (!device) {
    device = (async () => {
      const first = (await (await post(base, '/api/login', { email: 'admin@traderoom.test', password: DEMO_PASSWORD })).json()) as { challenge: string };
      const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(DEMO_ADMIN_TOTP_SECRET) });
      const second = await post(base, '/api/two-factor-challenge', { challenge: first.challenge, code, remember_device: true });
      const cookie = second.headers.getSetCookie().find((c) => c.startsWith('trusted_device='));
      if (!cookie) throw new Error('the server remembered no device for the demo admin');
      return cookie.split(';')[0]!.slice('trusted_device='.length);
    })();
    devices.set(base, device);
  }
  return device;
}

/** A bearer token of a demo account (staff from the remembered device). */
export async function demoToken(base: string, email: string): Promise<string> {
  const cookie = email.startsWith('admin@') ? `trusted_device=${await adminDevice(base)}` : undefined;
  return ((await (await post(base, '/api/login', { email, password: DEMO_PASSWORD }, cookie)).json()) as { token: string }).token;
}

/** Lets a browser context sign the demo admin in without the second step. */
export async function rememberAdmin(context: BrowserContext, base: string): Promise<void> {
  await context.addCookies([{ name: 'trusted_device', value: await adminDevice(base), url: `${base}/api` }]);
}
