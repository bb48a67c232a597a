import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTo } from '../mail/received.ts';
import { DIALECTS, startTestApp, uniqueAddress, uniqueEmail, type TestApp } from './support.ts';

const valid = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Olena',
  second_name: 'Shevchenko',
  email: uniqueEmail('olena'),
  password: 'correct horse battery',
  password_confirmation: 'correct horse battery',
  ...overrides,
});

describe.each(DIALECTS)('POST /api/register on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** From an address of its own each time: registrations are throttled per address (tests/server/throttles.test.ts). */
  const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/register', payload, headers, remoteAddress: uniqueAddress() });

  it('creates an unverified client account and answers 200 with a status, without signing in', async () => {
    const email = uniqueEmail('New.Client');
    const res = await register(valid({ first_name: '  Olena ', email: `  ${email.toUpperCase()} ` }));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'We have e-mailed you a verification link. Follow it to activate your account, then sign in.' });
    expect(res.json()).not.toHaveProperty('token');
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'second_name', 'email', 'email_verified_at', 'locale'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Olena', second_name: 'Shevchenko', email: email.toLowerCase(), email_verified_at: null, locale: 'en' });
  });

  it('mails a signed verification link valid for 60 minutes, as HTML and plain text', async () => {
    const body = valid();
    await register(body);
    const mail = await t.mail.latest(body.email);
    expect(mail.subject).toBe('Verify your e-mail address');
    expect(mail.from).toContain('no-reply@localhost');
    expect(mail.text).toContain('Hello Olena,');
    const link = linkTo(mail, '/email/verify/');
    expect(link.origin).toBe('http://localhost:8000');
    expect(link.pathname).toMatch(/^\/en\/email\/verify\/\d+$/);
    expect(Number(link.searchParams.get('expires'))).toBe(Math.floor(t.clock.current.getTime() / 1000) + 3600);
    expect(link.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(mail.text).toContain(link.href);
  });

  it('writes the mail in the language of the registration request', async () => {
    const body = valid();
    await register(body, { 'accept-language': 'ru-RU,ru;q=0.9' });
    const mail = await t.mail.latest(body.email);
    expect(mail.subject).toBe('Подтвердите адрес электронной почты');
    expect(mail.lang).toBe('ru');
    expect(linkTo(mail, '/email/verify/').pathname).toMatch(/^\/ru\/email\/verify\//);
  });

  it('refuses to sign the new account in until its e-mail is verified, then lets it in', async () => {
    const body = valid();
    await register(body);
    const refused = await t.post('/api/login', { email: body.email, password: body.password });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Your e-mail address is not verified yet. Follow the link we sent you, or ask for a new one.',
      errors: { email: ['Your e-mail address is not verified yet. Follow the link we sent you, or ask for a new one.'] },
      verification_required: true,
    });

    const link = linkTo(await t.mail.latest(body.email), '/email/verify/');
    expect((await t.post(`/api/email/verify/${link.pathname.split('/').pop()}${link.search}`, undefined)).statusCode).toBe(200);
    const res = await t.post('/api/login', { email: body.email, password: body.password });
    expect(res.statusCode).toBe(200);
  });

  it('tells an unverified account in its language, and only with the right password', async () => {
    const body = valid();
    await register(body);
    const ua = await t.post('/api/login', { email: body.email, password: body.password }, { 'accept-language': 'uk' });
    expect(ua.json().errors.email).toEqual(['Адресу електронної пошти ще не підтверджено. Перейдіть за посиланням із нашого листа або запитайте нове.']);
    const wrong = await t.post('/api/login', { email: body.email, password: 'not the password' });
    expect(wrong.json().errors.email).toEqual(['These credentials do not match our records.']);
  });

  it('refuses one of the most common passwords', async () => {
    const res = await register(valid({ password: 'Password1', password_confirmation: 'Password1' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: ['This password is one of the most common ones. Choose one that is harder to guess.'] });
  });

  it('refuses a password that is the e-mail address, one character repeated or only spaces, in every language', async () => {
    const email = uniqueEmail('Olena.Pass');
    const cases: Array<[string, Record<string, string>, string]> = [
      [email.toUpperCase(), {}, 'The password must not be your e-mail address. Choose one that is harder to guess.'],
      ['aaaaaaaaaa', { 'accept-language': 'ru' }, 'Пароль не может состоять из одного повторяющегося символа. Выберите пароль, который сложнее угадать.'],
      ['          ', { 'accept-language': 'ua' }, 'Пароль не може складатися лише з пробілів.'],
      ['\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0', {}, 'The password must not be only spaces.'],
      ['😀😀😀😀😀😀😀😀', {}, 'The password must not be one character repeated. Choose one that is harder to guess.'],
    ];
    for (const [password, headers, message] of cases) {
      const res = await register(valid({ email, password, password_confirmation: password }), headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ password: [message] });
    }
    // The e-mail inside a longer password is fine.
    expect((await register(valid({ email, password: `${email}!x`, password_confirmation: `${email}!x` }))).statusCode).toBe(200);
  });

  it('stores the password as an argon2id hash, never as given', async () => {
    const body = valid();
    await register(body);
    const row = await t.db.selectFrom('users').select('password_hash').where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.password_hash).not.toContain(body.password);
  });

  it('refuses an e-mail that is already taken, whatever its letter case', async () => {
    const body = valid();
    expect((await register(body)).statusCode).toBe(200);

    const res = await register(valid({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The e-mail has already been taken.',
      errors: { email: ['The e-mail has already been taken.'] },
    });
  });

  it('reports every missing field as required, summarised in the message as Laravel does', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The first name field is required. (and 4 more errors)',
      errors: {
        first_name: ['The first name field is required.'],
        second_name: ['The last name field is required.'],
        email: ['The e-mail field is required.'],
        password: ['The password field is required.'],
        password_confirmation: ['The confirm password field is required.'],
      },
    });
  });

  it('treats blank names as missing', async () => {
    const res = await register(valid({ first_name: '   ', second_name: '' }));
    expect(res.json().errors).toEqual({
      first_name: ['The first name field is required.'],
      second_name: ['The last name field is required.'],
    });
    expect(res.json().message).toBe('The first name field is required. (and 1 more error)');
  });

  it('refuses names longer than 100 characters', async () => {
    const res = await register(valid({ first_name: 'a'.repeat(101), second_name: 'b'.repeat(100) }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The first name field must not be greater than 100 characters.',
      errors: { first_name: ['The first name field must not be greater than 100 characters.'] },
    });
  });

  it.each(['plainaddress', 'user@host', 'a@@example.com', 'two words@example.com', 'user@example.c', '.dot@example.com', 'a..b@example.com', 'user@-example.com'])(
    'refuses %j as an e-mail address',
    async (email) => {
      const res = await register(valid({ email }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: ['The e-mail field must be a valid email address.'] });
    },
  );

  it('refuses e-mail addresses longer than 254 characters', async () => {
    const res = await register(valid({ email: `${'a'.repeat(250)}@example.com` }));
    expect(res.json().errors.email).toEqual(['The e-mail field must not be greater than 254 characters.']);
  });

  it('refuses passwords shorter than 8 characters', async () => {
    const res = await register(valid({ password: 'short', password_confirmation: 'short' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: ['The password field must be at least 8 characters.'] });
  });

  it('refuses a password confirmation that does not match', async () => {
    const res = await register(valid({ password_confirmation: 'something else entirely' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The password field confirmation does not match.',
      errors: { password: ['The password field confirmation does not match.'] },
    });
  });

  it('refuses values of the wrong type with 422', async () => {
    const res = await register(valid({ first_name: 42, email: ['x@example.com'], password: true }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: ['The first name field must be a string.'],
      email: ['The e-mail field must be a string.'],
      password: ['The password field must be a string.'],
    });
  });

  it('answers validation messages in Russian when asked', async () => {
    const res = await register({ email: 'not-an-address', password: 'short', password_confirmation: 'other' }, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Поле «имя» обязательно для заполнения. (и ещё 4 ошибки)',
      errors: {
        first_name: ['Поле «имя» обязательно для заполнения.'],
        second_name: ['Поле «фамилия» обязательно для заполнения.'],
        email: ['В поле «эл. почта» должен быть указан действительный адрес электронной почты.'],
        password: ['Поле «пароль» должно содержать не менее 8 символов.', 'Значение поля «пароль» не совпадает с подтверждением.'],
      },
    });
  });

  it('answers validation messages in Ukrainian when asked', async () => {
    const taken = valid();
    await register(taken);
    const res = await t.post(
      '/api/register',
      valid({ first_name: '', second_name: 'x'.repeat(101), email: taken.email, password: 'short', password_confirmation: 'short' }),
      { 'accept-language': 'ua' },
    );
    expect(res.json()).toEqual({
      message: 'Поле «ім’я» є обов’язковим. (і ще 3 помилки)',
      errors: {
        first_name: ['Поле «ім’я» є обов’язковим.'],
        second_name: ['Поле «прізвище» має містити не більше ніж 100 символів.'],
        email: ['Таке значення поля «ел. пошта» вже використовується.'],
        password: ['Поле «пароль» має містити щонайменше 8 символів.'],
      },
    });
  });

  it('takes the uk language tag as Ukrainian too', async () => {
    const res = await register(valid({ first_name: '' }), { 'accept-language': 'uk-UA' });
    expect(res.json().message).toBe('Поле «ім’я» є обов’язковим.');
  });

  it('falls back to English for languages it does not speak', async () => {
    const res = await register(valid({ first_name: '' }), { 'accept-language': 'de-DE,fr;q=0.8' });
    expect(res.json().message).toBe('The first name field is required.');
  });
});
