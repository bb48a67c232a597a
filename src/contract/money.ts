/**
 * Money as integers of minor units (cents), never floating point. Shared by the server and the
 * app; free of zod so screens can import it without the validation library.
 */

/** The largest amount one wallet operation may move, in major units of any currency. */
export const MAX_OPERATION_MAJOR = 10_000_000;

/** Why an amount was refused; each maps to one validation rule on the server. */
export type AmountProblem = 'numeric' | 'gt' | 'decimal' | 'max';

export type ParsedAmount = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * Reads an amount typed by a person ("1250", "1250.5", "0.10") into minor units of a currency
 * with `precision` decimals. Refuses text that is not a plain decimal, zero or negative amounts,
 * more decimals than the currency has (trailing zeros aside) and amounts above the operation limit.
 */
export function parseAmount(input: unknown, precision: number): ParsedAmount {
  if (typeof input === 'number' && Number.isFinite(input)) input = String(input);
  if (typeof input !== 'string') return { ok: false, problem: 'numeric' };
  const match = DECIMAL.exec(input.trim());
  if (!match) return { ok: false, problem: 'numeric' };
  const [, sign, whole = '', rawFraction = ''] = match;
  const fraction = rawFraction.replace(/0+$/, '');
  const digits = `${whole}${fraction.padEnd(precision, '0')}`.replace(/^0+(?=\d)/, '');
  if (sign === '-' || /^0*$/.test(digits)) return { ok: false, problem: 'gt' };
  if (fraction.length > precision) return { ok: false, problem: 'decimal' };
  if (whole.replace(/^0+/, '').length > String(MAX_OPERATION_MAJOR).length) return { ok: false, problem: 'max' };
  const minor = Number(digits);
  if (minor > MAX_OPERATION_MAJOR * 10 ** precision) return { ok: false, problem: 'max' };
  return { ok: true, minor };
}

/** Minor units as an exact decimal string: (-123456, 2) → "-1234.56"; (500, 0) → "500". */
export function minorToDecimal(minor: number, precision: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(precision + 1, '0');
  const whole = digits.slice(0, digits.length - precision);
  const fraction = precision > 0 ? `.${digits.slice(digits.length - precision)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
