import { expect, test } from '@playwright/test';
import { appPath, createClient, expectNoAxeViolations, linkTo, mailTo, receivedMail, signIn, uniqueEmail } from './support';

test('forgot password: the mailed link sets a new password, which then signs in', async ({ page, request }) => {
  const client = await createClient(request, 'forgot');
  await page.goto('/en/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/en\/password\/reset$/);
  await expect(page.getByRole('heading', { name: 'Reset password', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail').fill(client.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address, we have e-mailed it a link to reset the password.')).toBeVisible();

  const link = linkTo(await receivedMail(client.email, 'Reset your password'), '/en/password/reset/');
  await page.goto(appPath(link));
  await expect(page.getByLabel('E-mail')).toHaveValue(client.email);
  await page.getByLabel('Password', { exact: true }).fill('password');
  await page.getByLabel('Confirm password').fill('password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This password is one of the most common ones. Choose one that is harder to guess.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Password', { exact: true }).fill('a much better secret');
  await page.getByLabel('Confirm password').fill('a much better secret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset. Sign in with the new one.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await signIn(page, client.email, client.password);
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await signIn(page, client.email, 'a much better secret');
  await expect(page).toHaveURL(/\/en\/home$/);

  // The link was single-use.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto(appPath(link));
  await page.getByLabel('Password', { exact: true }).fill('yet another secret');
  await page.getByLabel('Confirm password').fill('yet another secret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This password reset link is invalid, has expired or has already been used.')).toBeVisible();
});

test('signing in unverified is refused with a resend link that mails a new one', async ({ page, request }) => {
  const email = uniqueEmail('unverified');
  const response = await request.post('/api/register', {
    data: { first_name: 'Ivan', second_name: 'Sirko', email, password: 'correct horse battery', password_confirmation: 'correct horse battery' },
  });
  expect(response.status()).toBe(200);

  await signIn(page, email, 'correct horse battery');
  await expect(page.getByText('Your e-mail address is not verified yet. Follow the link we sent you, or ask for a new one.')).toBeVisible();
  await page.getByRole('link', { name: 'Send me a new verification link' }).click();
  await expect(page).toHaveURL(/\/en\/email\/resend\?email=/);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('If an account is waiting for that address to be verified, we have e-mailed it a new link.')).toBeVisible();
  await expect.poll(async () => (await mailTo(email)).length).toBe(2);
});

test('a tampered verification link fails with the reason and a way to ask for a new one', async ({ page, request }) => {
  const email = uniqueEmail('tampered');
  await request.post('/api/register', {
    data: { first_name: 'Ivan', second_name: 'Sirko', email, password: 'correct horse battery', password_confirmation: 'correct horse battery' },
  });
  const link = linkTo(await receivedMail(email, 'Verify your e-mail address'), '/email/verify/');
  link.searchParams.set('signature', '0'.repeat(64));
  await page.goto(appPath(link));
  await expect(page.getByText('This verification link is not valid. Ask for a new one.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Send a new link' }).click();
  await expect(page).toHaveURL(/\/en\/email\/resend$/);
});

test('a Russian registration gets its mail and its screens in Russian', async ({ page }) => {
  const email = uniqueEmail('ru');
  await page.goto('/ru/register');
  await page.getByLabel('Имя').fill('Олег');
  await page.getByLabel('Фамилия').fill('Сидоров');
  await page.getByLabel('Эл. почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Подтверждение пароля').fill('correct horse battery');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText(`Мы отправили ссылку на ${email}.`)).toBeVisible();

  const mail = await receivedMail(email, 'Подтвердите адрес электронной почты');
  expect(mail.text).toContain('Здравствуйте, Олег!');
  await page.goto(appPath(linkTo(mail, '/ru/email/verify/')));
  await expect(page.getByText('Адрес электронной почты подтверждён. Теперь вы можете войти.')).toBeVisible();
});

test('the profile saves names at once and a new e-mail only after its link is followed', async ({ page, request }) => {
  const client = await createClient(request, 'profile');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/settings/profile');
  await expect(page.getByRole('heading', { name: 'Personal details' })).toBeVisible();
  await expectNoAxeViolations(page);

  const details = page.getByRole('region', { name: 'Personal details' });
  await details.getByLabel('First name').fill('');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByText('The first name field is required.')).toBeVisible();
  // Seed: a field's errors clear on keydown in it.
  await details.getByLabel('First name').pressSequentially('Roksolana');
  await expect(details.getByText('The first name field is required.')).toBeHidden();
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('complementary').getByText('Roksolana Client')).toBeVisible();

  const next = uniqueEmail('moved');
  await details.getByLabel('E-mail').fill(next);
  await details.getByRole('button', { name: 'Save changes' }).click();
  // A new address asks the owner to prove themselves again (step-up); without a second factor, by password.
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await stepUp.getByLabel('Password').fill('wrong password');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp.getByRole('alert')).toHaveText('The password is incorrect.');
  await stepUp.getByLabel('Password').fill(client.password);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
  // The same request went again, with what was typed.
  await expect(details.getByText(`We sent a confirmation link to ${next}. Until you follow it, you keep signing in with ${client.email}.`)).toBeVisible();

  const link = linkTo(await receivedMail(next, 'Confirm your new e-mail address'), '/en/email/verify/');
  await page.goto(appPath(link));
  await expect(page.getByText('Your new e-mail address is confirmed. Use it to sign in from now on.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to your profile' }).click();
  await expect(page.getByRole('region', { name: 'Personal details' }).getByLabel('E-mail')).toHaveValue(next);
  await expect(page.getByText('We sent a confirmation link')).toBeHidden();
});

test('changing the password needs the current one and offers to sign out the other sessions', async ({ page, request }) => {
  const client = await createClient(request, 'password');
  const other = await request.post('/api/login', { data: { email: client.email, password: client.password }, headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' } });
  const otherToken = (await other.json()).token as string;
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/settings/profile');

  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel('Current password').fill('not my password');
  await section.getByLabel('New password', { exact: true }).fill('a fresh passphrase');
  await section.getByLabel('Confirm new password').fill('a fresh passphrase');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('The password is incorrect.')).toBeVisible();
  await expect(section.getByLabel('New password', { exact: true })).toHaveValue('a fresh passphrase');

  await section.getByLabel('Current password').fill(client.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Your password has been changed.')).toBeVisible();
  await expect(section.getByLabel('Current password')).toHaveValue('');
  await expect(section.getByText('You are still signed in on 1 other device.', { exact: false })).toBeVisible();
  await section.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(section.getByText('Every other session has been signed out.')).toBeVisible();

  const user = await request.get('/api/user', { headers: { authorization: `Bearer ${otherToken}` } });
  expect(user.status()).toBe(401);
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
});

test('the sessions list marks this device and signs out another one', async ({ page, request }) => {
  const client = await createClient(request, 'sessions');
  await request.post('/api/login', {
    data: { email: client.email, password: client.password },
    headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0' },
  });
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/settings/profile');

  const list = page.getByRole('list', { name: 'Sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'This device' })).toContainText('Chrome');
  const firefox = list.getByRole('listitem').filter({ hasText: 'Firefox 128 on Windows' });
  await expect(firefox).toContainText('127.0.0.1');
  await firefox.getByRole('button', { name: /^Sign out Firefox 128 on Windows/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('the development mailbox lists the mail and opens its links', async ({ page, request }) => {
  const client = await createClient(request, 'mailbox');
  await page.goto('/en/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Mailbox' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: client.email }).first()).toBeVisible();
  // Before a mail is open: axe cannot look into the sandboxed frame that shows its HTML.
  await expectNoAxeViolations(page);
  const row = page.getByRole('listitem').filter({ hasText: client.email }).first();
  await row.getByRole('button', { name: /Open/ }).click();
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
  const link = page.getByRole('list', { name: 'Links in this mail' }).getByRole('link');
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(page.getByText('Your e-mail address is already verified.')).toBeVisible();
});
