import type { Locale } from '../../contract/locales.ts';
import { formatMoney } from '../../contract/money.ts';
import { RuleError } from '../services/rule-error.ts';
import { validationFailed } from './validation.ts';

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
        params: { ...f.params, ...(f.money ? { value: formatMoney(f.money.minor, f.money.currency, f.money.precision, locale) } : {}) },
      })),
    );
  }
}
