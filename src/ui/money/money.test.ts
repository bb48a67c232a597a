import { describe, expect, it } from 'vitest';
import { currencyName, formatNumber } from './money';

describe('formatNumber (the seed number filter)', () => {
  it.each([
    [1234.5, '1,234.5'],
    [1234.567, '1,234.57'],
    [1000000, '1,000,000'],
    [0.1 + 0.2, '0.3'],
  ])('writes %d as %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe('currencyName', () => {
  it('names a currency in the reader\'s language', () => {
    expect(currencyName('EUR', 'en')).toBe('Euro');
    expect(currencyName('EUR', 'ru')).toBe('евро');
  });
});
