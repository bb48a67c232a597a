import { describe, expect, it } from 'vitest';
import { currencyName, formatMoney, formatNumber } from './money';

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
