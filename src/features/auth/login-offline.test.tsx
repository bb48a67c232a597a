import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, noOAuthProviders } from '../../test/msw';
import { renderApp } from '../../test/render-app';

// The sign-in request never gets an answer: offline, or the server is down.
mockServer(mock.post('*/api/login', () => HttpResponse.error()), noOAuthProviders);

describe.each([
  { lang: 'en', email: 'E-mail', password: 'Password', signIn: 'Sign in', said: /^Could not reach the server\. Check your connection/ },
  { lang: 'ru', email: 'Эл. почта', password: 'Пароль', signIn: 'Войти', said: /^Не удалось связаться с сервером\./ },
  { lang: 'ua', email: 'Ел. пошта', password: 'Пароль', signIn: 'Увійти', said: /^Не вдалося з’єднатися із сервером\./ },
])('signing in without a connection in $lang', ({ lang, email, password, signIn, said }) => {
  // The wait for the first render below allows 15 s; the test as a whole must allow more.
  it('says in the same language that the server could not be reached', { timeout: 30_000 }, async () => {
    renderApp(`/${lang}/login`);
    const user = userEvent.setup();
    // The first render compiles the catalog and the lazy login screen: allow it more than the default second.
    await user.type(await screen.findByLabelText(email), 'client@traderoom.test');
    await user.type(screen.getByLabelText(password), 'secret');
    await user.click(screen.getByRole('button', { name: signIn }));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toMatch(said);
  });
});
