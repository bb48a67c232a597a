import { minorToDecimal } from '../../contract/money.ts';
import { intlLocale, type Locale } from '../../contract/locales.ts';
import type { MoneyValue, RuleError } from '../services/rule-error.ts';
import type { HttpError } from './http-error.ts';
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

/** A business rule a service found broken (RuleError): the 422 of the fields it names, amounts shown in `locale`. */
export function ruleFailed(locale: Locale, error: RuleError): HttpError {
  return validationFailed(
    locale,
    error.failures.map((f) => ({
      field: f.field,
      rule: f.rule,
      ...(f.limit !== undefined ? { limit: f.limit } : {}),
      params: { ...f.params, ...(f.money ? { value: formatMoney(locale, f.money) } : {}) },
    })),
  );
}
