import type { Locale } from '../../contract/locales.ts';
import { intlLocale } from '../../contract/locales.ts';
import { formatMoney } from '../../contract/money.ts';
import type { RuleError, RuleFailure } from '../services/rule-error.ts';
import type { HttpError } from './http-error.ts';
import { validationFailed } from './validation.ts';

/** A business rule a service found broken (RuleError): the 422 of the fields it names, amounts shown in `locale`. */
export function ruleFailed(locale: Locale, error: RuleError): HttpError {
  const failed = validationFailed(
    locale,
    error.failures.map((f) => ({
      field: f.field,
      rule: f.rule,
      ...(f.limit !== undefined ? { limit: f.limit } : {}),
      params: {
        ...f.params,
        ...(f.money ? { value: formatMoney(f.money.minor, f.money.currency, f.money.precision, locale) } : {}),
        ...(f.numbers ? formatNumbers(f.numbers, locale) : {}),
      },
    })),
  );
  // The wallet offers the way to verification when this is why it was refused.
  if (error.failures.some((f) => f.rule === 'verification_required')) failed.body.verification_required = true;
  const held = error.failures.find((f) => f.rule === 'security_cooldown')?.until;
  if (held) failed.body.withdrawals_held_until = held;
  return failed;
}

function formatNumbers(numbers: NonNullable<RuleFailure['numbers']>, locale: Locale): { low?: string; high?: string; step?: string } {
  const format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 8 });
  return Object.fromEntries(Object.entries(numbers).map(([name, value]) => [name, format.format(value)]));
}
