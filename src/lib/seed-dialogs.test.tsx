import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FetchError } from 'ofetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { AlertHost } from '../ui/AlertHost';
import { askAlert, showAlert } from './alerts';
import { dialogButtons } from './dialog-buttons';
import { errorAlertText } from './error-alert';
import { fieldErrorText } from './field-errors';
import { activateLocale, i18n, loadMessages } from './i18n';

function failed(data: unknown, status = 422): FetchError {
  const error = new FetchError('failed');
  Object.assign(error, { data, statusCode: status });
  return error;
}

beforeAll(async () => {
  await Promise.all([loadMessages('en'), loadMessages('ru'), loadMessages('ua')]);
});

describe('the seed\'s generic error alert text', () => {
  it('is the server\'s error, else its message, else "There were some problems with your input." in each language', () => {
    activateLocale('en');
    expect(errorAlertText(failed({ error: 'invalid_grant', message: 'ignored' }))).toBe('invalid_grant');
    expect(errorAlertText(failed({ message: 'This request has already been decided.' }))).toBe('This request has already been decided.');
    expect(errorAlertText(failed({}))).toBe('There were some problems with your input.');
    expect(errorAlertText(new TypeError('Failed to fetch'))).toBe('There were some problems with your input.');
    activateLocale('ru');
    expect(errorAlertText(failed({ message: '' }))).toBe('Во введённых данных есть ошибки.');
    activateLocale('ua');
    expect(errorAlertText(failed(null))).toBe('У введених даних є помилки.');
  });
});

describe('the seed\'s form error display', () => {
  it('translates a message key with the field\'s name and the seed\'s min 50 and max 2000', () => {
    activateLocale('en');
    expect(fieldErrorText(i18n, 'validation.min', 'password')).toBe('The password must be at least 50 characters.');
    expect(fieldErrorText(i18n, 'validation.max', 'message')).toBe('The message may not be greater than 2000 characters.');
    expect(fieldErrorText(i18n, 'validation.required', 'first_name')).toBe('The first name field is required.');
    activateLocale('ru');
    expect(fieldErrorText(i18n, 'validation.min', 'password')).toBe('Поле «пароль» должно содержать не менее 50 символов.');
    activateLocale('ua');
    expect(fieldErrorText(i18n, 'validation.max', 'message')).toBe('Поле «повідомлення» не може бути довшим за 2000 символів.');
  });

  it('shows anything else as sent: our server\'s sentences, unknown keys, unknown fields', () => {
    activateLocale('ru');
    expect(fieldErrorText(i18n, 'Поле «сумма» должно быть числом.', 'amount')).toBe('Поле «сумма» должно быть числом.');
    expect(fieldErrorText(i18n, 'validation.unknown_rule', 'amount')).toBe('validation.unknown_rule');
    expect(fieldErrorText(i18n, 'validation.required', 'nickname')).toBe('Поле «nickname» обязательно для заполнения.');
  });
});

describe('the seed\'s dialog buttons', () => {
  it.each([
    ['en', ['OK', 'No', 'Cancel']],
    ['ru', ['ОК', 'Нет', 'Отмена']],
    ['ua', ['ОК', 'Ні', 'Скасувати']],
  ] as const)('are %s: %j, and "No" answers deny', async (locale, [ok, no, cancel]) => {
    activateLocale(locale);
    render(
      <I18nProvider i18n={i18n}>
        <AlertHost />
      </I18nProvider>,
    );
    let answer: Promise<string> = Promise.resolve('');
    act(() => {
      answer = showAlert({ kind: 'ask', tone: 'warning', title: 'Save the changes?', text: '', ...dialogButtons() });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Save the changes?' });
    expect([...dialog.querySelectorAll('button')].map((button) => button.textContent)).toEqual([cancel, no, ok]);
    await userEvent.setup().click(screen.getByRole('button', { name: no }));
    await expect(answer).resolves.toBe('deny');
  });
});

describe('the seed\'s dialog input checks', () => {
  it.each([
    ['en', 'email', 'E-mail', 'not an address', 'Invalid email address', ' anna@example.com ', 'anna@example.com'],
    ['ru', 'url', 'Ссылка', 'example dot com', 'Некорректный веб-адрес', 'https://example.com/a', 'https://example.com/a'],
    ['ua', 'email', 'Пошта', 'anna@example', 'Некоректна адреса ел. пошти', 'anna@example.org', 'anna@example.org'],
    ['en', 'url', 'Link', 'javascript:alert(1)', 'Invalid URL', 'http://example.com', 'http://example.com'],
  ] as const)('%s %s: refuses %j with the seed message, then answers what passes', async (locale, type, label, bad, message, good, value) => {
    activateLocale(locale);
    render(
      <I18nProvider i18n={i18n}>
        <AlertHost />
      </I18nProvider>,
    );
    let answer: Promise<unknown> = Promise.resolve();
    act(() => {
      answer = askAlert({ kind: 'ask-address', tone: 'info', title: 'Where to?', text: '', input: { type, label }, ...dialogButtons() });
    });
    const user = userEvent.setup();
    const input = await screen.findByLabelText(label);
    await user.type(input, bad);
    await user.click(screen.getByRole('button', { name: dialogButtons().confirmLabel }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alertdialog', { name: 'Where to?' })).toBeTruthy();

    await user.clear(input);
    await user.type(input, good);
    await user.click(screen.getByRole('button', { name: dialogButtons().confirmLabel }));
    await expect(answer).resolves.toEqual({ answer: 'confirm', value });
  });
});
