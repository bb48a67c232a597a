import type { Locale } from '../../contract/locales.ts';
import { formatMoney } from '../../contract/money.ts';
import type { RuleError } from '../services/rule-error.ts';
import type { HttpError } from './http-error.ts';
import { validationFailed } from './validation.ts';

/** A business rule a service found broken (RuleError): the 422 of the fields it names, amounts shown in `locale`. */
export function ruleFailed(locale: Locale, error: RuleError): HttpError {
  return validationFailed(
    locale,
    error.failures.map((f) => ({
      field: f.field,
      rule: f.rule,
      ...(f.limit !== undefined ? { limit: f.limit } : {}),
      params: { ...f.params, ...(f.money ? { value: formatMoney(f.money.minor, f.money.currency, f.money.precision, locale) } : {}) },
    })),
  );
}
