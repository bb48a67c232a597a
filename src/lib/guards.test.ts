import { describe, expect, it } from 'vitest';
import { normalisedLangPath } from './guards';

describe('the language prefix of a path', () => {
  it('is left alone when it is a supported language', () => {
    expect(normalisedLangPath('/ru/home', '', '', 'en')).toBeNull();
  });

  it('is prepended with the current language when missing', () => {
    expect(normalisedLangPath('/home', '?a=1', '#top', 'ua')).toBe('/ua/home?a=1#top');
    expect(normalisedLangPath('/settings/profile', '', '', 'en')).toBe('/en/settings/profile');
  });

  it('replaces an unsupported two-letter language with the current one', () => {
    expect(normalisedLangPath('/de/register', '', '', 'ru')).toBe('/ru/register');
    expect(normalisedLangPath('/DE', '', '', 'en')).toBe('/en/');
  });
});
