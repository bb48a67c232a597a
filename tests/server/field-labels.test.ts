import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePo } from '../../scripts/po.ts';
import { bearer, DIALECTS, startTestApp, type TestApp } from './support.ts';

const LANGUAGES = ['en', 'ru', 'ua'] as const;
type Language = (typeof LANGUAGES)[number];

/** A label in the app's own catalog: what the form shows for a field in `lang`. */
const catalogs = Object.fromEntries(LANGUAGES.map((lang) => [lang, parsePo(readFileSync(`locales/${lang}/messages.po`, 'utf8'))]));
const label = (lang: Language, english: string) => (lang === 'en' ? english : catalogs[lang]!.get(english)!);

/** Each form's fields as the app labels them (RegisterScreen, PasswordResetScreen, ProfileForm, PasswordForm, LoginScreen). */
const REGISTER = { first_name: 'First name', second_name: 'Last name', email: 'E-mail', password: 'Password', password_confirmation: 'Confirm password' };
const RESET = { email: 'E-mail', password: 'Password', password_confirmation: 'Confirm password' };
const PROFILE = { first_name: 'First name', second_name: 'Last name', email: 'E-mail' };
const PASSWORD = { current_password: 'Current password', password: 'New password', password_confirmation: 'Confirm new password' };
const LOGIN = { email: 'E-mail', password: 'Password' };

/** A body that fails every field: empty texts, and a confirmation that is not text at all. */
const failing = (fields: Record<string, string>) =>
  Object.fromEntries(Object.keys(fields).map((field) => [field, field === 'password_confirmation' ? 7 : '']));

describe.each(DIALECTS)('validation messages name fields by their labels on $name', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const account = await t.registerVerified();
    token = await t.login(account.email, account.password);
  });
  afterAll(() => t.close());

  const forms = [
    { name: 'registration', method: 'POST', url: '/api/register', fields: REGISTER, auth: false },
    { name: 'password reset', method: 'POST', url: '/api/password/reset', fields: RESET, auth: false, extra: { token: 'x'.repeat(43) } },
    { name: 'sign-in', method: 'POST', url: '/api/login', fields: LOGIN, auth: false },
    { name: 'profile settings', method: 'PATCH', url: '/api/settings/profile', fields: PROFILE, auth: true },
    { name: 'password settings', method: 'PATCH', url: '/api/settings/password', fields: PASSWORD, auth: true },
  ] as const;

  describe.each(LANGUAGES)('in %s', (lang) => {
    it.each(forms)('$name', async (form) => {
      const res = await t.request({
        method: form.method,
        url: form.url,
        payload: { ...failing(form.fields), ...('extra' in form ? form.extra : {}) },
        headers: { 'accept-language': lang, ...(form.auth ? bearer(token) : {}) },
      });
      expect(res.statusCode).toBe(422);
      const errors = res.json<{ errors: Record<string, string[]> }>().errors;
      const named = Object.fromEntries(
        Object.entries(form.fields).map(([field, english]) => {
          const shown = label(lang, english).toLowerCase();
          return [field, errors[field]?.find((message) => message.toLowerCase().includes(shown)) ? shown : errors[field]];
        }),
      );
      const expected = Object.fromEntries(Object.entries(form.fields).map(([field, english]) => [field, label(lang, english).toLowerCase()]));
      expect(named).toEqual(expected);
    });
  });
});
