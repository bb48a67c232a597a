import { describe, expect, it } from 'vitest';
import { MAX_OPERATION_MAJOR, minorToDecimal, parseAmount } from './money';

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
