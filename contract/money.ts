/**
 * Money as integers of minor units (cents), never floating point: read, checked and shown the same
 * way by the server (422 messages) and the app. Free of zod so screens can import it without the
 * validation library.
 */
import { intlLocale, LANGUAGES, type Locale } from './locales';

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

/** What people and `Intl` put between digit groups: space, no-break, figure, thin and narrow no-break space. */
const SPACE = /[\u0020\u00A0\u2007\u2009\u202F]/g;
const GROUP = '\u0020';

/** Per language: the marks read as the decimal mark, and as group separators (a space groups in every language). */
const marksOf = (locale: Locale) => ({ decimal: LANGUAGES[locale].typed.decimal, group: `${LANGUAGES[locale].typed.group}${GROUP}` });

/**
 * Reads an amount as a person types it in the interface language, the way it is shown there
 * ("1,250.50" in en, "1 250,50" in ru and ua), into the API's plain decimal text ("1250.50").
 * The rules, like a bank app's, never guess between two readings:
 * - Spaces of every kind (no-break and narrow no-break too, as `Intl` writes them) group digits
 *   in every language. A group mark must sit between groups of three digits ("1 000 000");
 *   "1 00" or "1,5" in en is refused, never read as 100 or 15.
 * - en: "." is the decimal mark; "," and spaces group. "1,000" is 1000; "1,000.5" is 1000.50.
 * - ru, ua: "," is the decimal mark, and "." too (numeric keypads type it); only spaces group.
 *   "1,000" is 1; "1.000,50" (two decimal marks) is refused.
- A missing whole part reads as zero (",5" is 0.50); a decimal mark with nothing after it is refused.
 * - One sign in front at most ("-", or "−" as `Intl` writes it); the amount rules then refuse it.
 * Text it cannot read answers `numeric`; the rest of the checks are `parseAmount`'s.
 */
export function typedAmountToDecimal(text: string, locale: Locale): { ok: true; decimal: string } | { ok: false; problem: 'numeric' } {
  const marks = marksOf(locale);
  const match = /^([+\-\u2212]?)\s*(.*)$/su.exec(text.trim().replace(SPACE, GROUP));
  const sign = match?.[1] === '' || match?.[1] === '+' ? '' : '-';
  const body = match?.[2] ?? '';
  const decimalAt = [...body].flatMap((char, at) => (marks.decimal.includes(char) && !marks.group.includes(char) ? [at] : []));
  if (decimalAt.length > 1) return { ok: false, problem: 'numeric' };
  const whole = decimalAt.length === 1 ? body.slice(0, decimalAt[0]) : body;
  const fraction = decimalAt.length === 1 ? body.slice((decimalAt[0] ?? 0) + 1) : null;
  if (fraction !== null && !/^\d+$/.test(fraction)) return { ok: false, problem: 'numeric' };
  const digits = whole === '' && fraction !== null ? '0' : readGroupedWhole(whole, marks.group);
  if (digits === null) return { ok: false, problem: 'numeric' };
  return { ok: true, decimal: `${sign}${digits}${fraction === null ? '' : `.${fraction}`}` };
}

/** "1,234,567" or "1 234 567" (one kind of group mark, groups of three) or plain digits; else null. */
function readGroupedWhole(whole: string, groups: string): string | null {
  if (/^\d+$/.test(whole)) return whole;
  for (const group of groups) {
    const parts = whole.split(group);
    if (parts.length > 1 && /^\d{1,3}$/.test(parts[0] ?? '') && parts.slice(1).every((part) => /^\d{3}$/.test(part))) {
      return parts.join('');
    }
  }
  return null;
}

/** `typedAmountToDecimal` then `parseAmount`: the one reader of every money field in the app. */
export function parseTypedAmount(text: string, precision: number, locale: Locale): ParsedAmount {
  const typed = typedAmountToDecimal(text, locale);
  return typed.ok ? parseAmount(typed.decimal, precision) : typed;
}

/** Minor units as an exact decimal string: (-123456, 2) → "-1234.56"; (500, 0) → "500". */
export function minorToDecimal(minor: number, precision: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(precision + 1, '0');
  const whole = digits.slice(0, digits.length - precision);
  const fraction = precision > 0 ? `.${digits.slice(digits.length - precision)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Minor units as money in the reader's language ("$1,250.50", "1 250,50 $"). Formatted from
 * exact decimal text, never through a floating-point division.
 */
export function formatMoney(minor: number, currency: string, precision: number, locale: Locale, options: { sign?: boolean } = {}): string {
  const key = `${locale}:${currency}:${precision}:${options.sign ? 1 : 0}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency,
      minimumFractionDigits: precision,
      maximumFractionDigits: precision,
      signDisplay: options.sign ? 'exceptZero' : 'auto',
    });
    currencyFormats.set(key, format);
  }
  return format.format(minorToDecimal(minor, precision) as `${number}`);
}

/**
 * Minor units as a person would type them in their language, without the currency
 * ("1,250.50", "1 250,50"); `parseTypedAmount` reads this text back to the same amount.
 */
export function formatAmountInput(minor: number, precision: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: precision, maximumFractionDigits: precision }).format(
    minorToDecimal(minor, precision) as `${number}`,
  );
}
