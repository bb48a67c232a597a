import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { Currency } from '../../../contract/trading';
import { formatAmountInput, formatMoney, MAX_OPERATION_MAJOR, minorToDecimal, parseTypedAmount } from '../../../contract/money';
import { useLang } from '../../lib/use-lang';

export type AmountReading = { ok: true; decimal: string } | { ok: false; message: string };

/**
 * Every money field reads its text through this: the amount as typed in the interface language
 * (see `typedAmountToDecimal` for the rules) becomes the API's decimal text, or a message that
 * says, in that language, what was wrong and how an amount is written.
 */
export function useAmountReader(): (text: string, currency: Pick<Currency, 'code' | 'precision'>) => AmountReading {
  const { t } = useLingui();
  const lang = useLang();
  return useCallback(
    (text, currency) => {
      const parsed = parseTypedAmount(text, currency.precision, lang);
      if (parsed.ok) return { ok: true, decimal: minorToDecimal(parsed.minor, currency.precision) };
      const example = formatAmountInput(125_050 * 10 ** Math.max(0, currency.precision - 2), currency.precision, lang);
      const max = formatMoney(MAX_OPERATION_MAJOR * 10 ** currency.precision, currency.code, currency.precision, lang);
      const places = currency.precision;
      const message = {
        numeric: t`Type the amount as a number, for example ${example}.`,
        gt: t`The amount must be greater than zero.`,
        decimal: places === 0 ? t`This currency has no fractional part: type a whole amount.` : t`Use at most ${places} digits after the decimal mark.`,
        max: t`The amount must not be greater than ${max}.`,
      }[parsed.problem];
      return { ok: false, message };
    },
    [t, lang],
  );
}
