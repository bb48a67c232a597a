import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../contract/locales';
import { parseTypedAmount } from '../../../contract/money';
import { currencyName, formatAmountInput, formatMoney, formatNumber } from './money';

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

describe('formatMoney', () => {
  it('writes minor units exactly in the reader\'s language', () => {
    expect(formatMoney(125_050, 'USD', 2, 'en')).toBe('$1,250.50');
    expect(formatMoney(-999_999_999_999_99, 'USD', 2, 'en')).toBe('-$999,999,999,999.99');
    expect(formatMoney(500, 'JPY', 0, 'en')).toBe('¥500');
    expect(formatMoney(125_050, 'EUR', 2, 'ru').replace(/\s/g, ' ')).toBe('1 250,50 €');
    expect(formatMoney(125_050, 'EUR', 2, 'ua').replace(/\s/g, ' ')).toMatch(/^1 250,50 (€|EUR)$/);
  });

  it('can show the sign of a credit', () => {
    expect(formatMoney(1000, 'USD', 2, 'en', { sign: true })).toBe('+$10.00');
    expect(formatMoney(-1000, 'USD', 2, 'en', { sign: true })).toBe('-$10.00');
  });

  it('names a currency in the reader\'s language', () => {
    expect(currencyName('EUR', 'en')).toBe('Euro');
    expect(currencyName('EUR', 'ru')).toBe('евро');
  });
});

describe('amounts shown are amounts typed', () => {
  it.each(LOCALES)('%s reads back every amount exactly as the language writes it', (locale) => {
    for (const [minor, precision] of [
      [25_050, 2],
      [1, 2],
      [100_000, 2],
      [123_456_789, 2],
      [1_000_000_000, 2],
      [500, 0],
      [1_234_567, 0],
    ] as const) {
      expect(parseTypedAmount(formatAmountInput(minor, precision, locale), precision, locale)).toEqual({ ok: true, minor });
    }
  });

  it('writes the decimal comma and the language\'s own spaces in ru and ua', () => {
    expect(formatAmountInput(125_050, 2, 'ru')).toBe('1\u00A0250,50');
    expect(formatAmountInput(125_050, 2, 'ua')).toBe('1\u00A0250,50');
    expect(formatAmountInput(125_050, 2, 'en')).toBe('1,250.50');
  });
});
