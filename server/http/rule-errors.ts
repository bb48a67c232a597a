import { minorToDecimal } from '../../contract/money.ts';
import { intlLocale, type Locale } from '../../contract/locales.ts';
import { RuleError, type MoneyValue } from '../services/rule-error.ts';
import { validationFailed } from './validation.ts';

/** An amount as a person reads it in `locale`: "$1,250.00", "1 250,00 $". Exact: formatted from decimal text. */
export function formatMoney(locale: Locale, money: MoneyValue): string {
  const format = new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: money.precision,
    maximumFractionDigits: money.precision,
  });
  return format.format(minorToDecimal(money.minor, money.precision) as `${number}`);
}

/** Runs `work`; a broken business rule becomes the 422 of the fields it names. */
export async function answering<T>(locale: Locale, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    throw validationFailed(
      locale,
      error.failures.map((f) => ({
        field: f.field,
        rule: f.rule,
        ...(f.limit !== undefined ? { limit: f.limit } : {}),
        params: { ...f.params, ...(f.money ? { value: formatMoney(locale, f.money) } : {}) },
      })),
    );
  }
}
