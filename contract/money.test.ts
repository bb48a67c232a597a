import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { formatAmountInput, formatMoney, MAX_OPERATION_MAJOR, minorToDecimal, parseAmount, parseTypedAmount, typedAmountToDecimal } from './money';

describe('parseAmount', () => {
  it.each([
    ['1250', 2, 125_000],
    ['1250.5', 2, 125_050],
    ['0.10', 2, 10],
    ['0.01', 2, 1],
    [' 7 ', 2, 700],
    ['10.500', 2, 1050],
    ['500', 0, 500],
    ['500.00', 0, 500],
    [42.25, 2, 4225],
    // 0.1 + 0.2 in floating point is 0.30000000000000004; typed as text it is exact.
    ['0.3', 2, 30],
  ])('reads %j with %i decimals as %i minor units', (input, precision, minor) => {
    expect(parseAmount(input, precision)).toEqual({ ok: true, minor });
  });

  it.each([
    ['abc', 'numeric'],
    ['1,5', 'numeric'],
    ['1e3', 'numeric'],
    ['', 'numeric'],
    [null, 'numeric'],
    [Number.NaN, 'numeric'],
    [{}, 'numeric'],
    ['0', 'gt'],
    ['0.00', 'gt'],
    ['-5', 'gt'],
    [-5, 'gt'],
    ['1.005', 'decimal'],
    ['0.001', 'decimal'],
    [String(MAX_OPERATION_MAJOR + 1), 'max'],
    ['99999999999999999999', 'max'],
  ])('refuses %j as %s', (input, problem) => {
    expect(parseAmount(input, 2)).toEqual({ ok: false, problem });
  });

  it('accepts the operation limit itself', () => {
    expect(parseAmount(String(MAX_OPERATION_MAJOR), 2)).toEqual({ ok: true, minor: MAX_OPERATION_MAJOR * 100 });
  });

  it('refuses any decimals for a currency without minor units', () => {
    expect(parseAmount('10.5', 0)).toEqual({ ok: false, problem: 'decimal' });
  });
});

describe('parseTypedAmount: amounts typed as each language shows them', () => {
  const NBSP = '\u00A0';
  const NNBSP = '\u202F';

  it.each([
    ['250.50', 25_050],
    ['1,000', 100_000],
    ['1,000.5', 100_050],
    ['1,234,567.89', 123_456_789],
    ['1 000', 100_000],
    [`1${NBSP}000.25`, 100_025],
    ['.5', 50],
    ['+12', 1200],
    ['  42  ', 4200],
  ])('en reads %j as %i minor units', (text, minor) => {
    expect(parseTypedAmount(text, 2, 'en')).toEqual({ ok: true, minor });
  });

  it.each(['ru', 'ua'] as const)('%s reads the decimal comma, a point from a keypad and every kind of space', (locale) => {
    const read = (text: string) => parseTypedAmount(text, 2, locale);
    expect(read('250,50')).toEqual({ ok: true, minor: 25_050 });
    expect(read('250.50')).toEqual({ ok: true, minor: 25_050 });
    expect(read('1 250,50')).toEqual({ ok: true, minor: 125_050 });
    expect(read(`1${NBSP}250,50`)).toEqual({ ok: true, minor: 125_050 });
    expect(read(`1${NNBSP}250${NNBSP}000`)).toEqual({ ok: true, minor: 125_000_000 });
    expect(read(',5')).toEqual({ ok: true, minor: 50 });
    // "1,000" is one with three decimals here, as the language writes it; never a thousand.
    expect(read('1,000')).toEqual({ ok: true, minor: 100 });
  });

  it.each([
    ['en', '1,5'],
    ['en', '1,50'],
    ['en', '250,50'],
    ['en', '1.000,50'],
    ['en', '1,00,000'],
    ['en', '1 00'],
    ['en', '1,000 000'],
    ['en', '1.2.3'],
    ['en', '12.'],
    ['ru', '1.000,50'],
    ['ru', '1,000.50'],
    ['ru', '1,000,000'],
    ['ru', '1 00,50'],
    ['ua', '12,'],
    ['ua', '1 2'],
    ['ru', '12 $'],
    ['en', '$12'],
    ['en', ''],
    ['ru', '   '],
    ['en', '1e3'],
    ['ua', '--5'],
  ] as const)('%s refuses %j as unreadable rather than guess', (locale, text) => {
    expect(parseTypedAmount(text, 2, locale)).toEqual({ ok: false, problem: 'numeric' });
  });

  it('keeps the amount rules: zero, sign, decimals and the limit', () => {
    expect(parseTypedAmount('0,00', 2, 'ru')).toEqual({ ok: false, problem: 'gt' });
    expect(parseTypedAmount('-5', 2, 'en')).toEqual({ ok: false, problem: 'gt' });
    expect(parseTypedAmount('\u22125,00', 2, 'ua')).toEqual({ ok: false, problem: 'gt' });
    expect(parseTypedAmount('1,005', 2, 'ru')).toEqual({ ok: false, problem: 'decimal' });
    expect(parseTypedAmount('10,5', 0, 'ru')).toEqual({ ok: false, problem: 'decimal' });
    expect(parseTypedAmount('10 000 001', 2, 'ru')).toEqual({ ok: false, problem: 'max' });
    expect(parseTypedAmount('10,000,000', 2, 'en')).toEqual({ ok: true, minor: MAX_OPERATION_MAJOR * 100 });
  });

  it('writes what it read as the API\'s plain decimal text', () => {
    expect(typedAmountToDecimal('1 250,5', 'ru')).toEqual({ ok: true, decimal: '1250.5' });
    expect(typedAmountToDecimal('1,250.5', 'en')).toEqual({ ok: true, decimal: '1250.5' });
  });
});

describe('minorToDecimal', () => {
  it.each([
    [123_456, 2, '1234.56'],
    [-123_456, 2, '-1234.56'],
    [5, 2, '0.05'],
    [0, 2, '0.00'],
    [500, 0, '500'],
    [-1, 2, '-0.01'],
  ])('writes %i with %i decimals as %s', (minor, precision, text) => {
    expect(minorToDecimal(minor, precision)).toBe(text);
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
