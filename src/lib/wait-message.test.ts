import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadMessages } from './i18n';
import { waitMessage } from './too-many';

beforeAll(async () => {
  await Promise.all([loadMessages('en'), loadMessages('ru'), loadMessages('ua')]);
});

describe('how long to wait after a 429', () => {
  it('counts seconds under two minutes and minutes from there on, in each language', () => {
    activateLocale('en');
    expect(waitMessage(42)).toBe('Too many attempts. Try again in 42 seconds.');
    expect(waitMessage(3541)).toBe('Too many attempts. Try again in 60 minutes.');
    activateLocale('ru');
    expect(waitMessage(3541)).toBe('Слишком много попыток. Повторите через 60 минут.');
    expect(waitMessage(121)).toBe('Слишком много попыток. Повторите через 3 минуты.');
    activateLocale('ua');
    expect(waitMessage(1260)).toBe('Забагато спроб. Повторіть через 21 хвилину.');
  });
});
