import { useLingui } from '@lingui/react/macro';
import type { Instrument, Side } from '../../../contract/platform';
import type { Locale } from '../../../contract/locales';
import { formatPrice, formatVolume } from './format';

/** A field's problem as the machines give it: the server's own words, or a rule's code. */
export type Problem = { kind: 'server'; text: string } | { kind: 'rule'; code: string } | undefined;

/** Words for the order ticket's and the stops' rule codes (machines/order-ticket/order-rules.ts). */
export function useProblemText(locale: Locale) {
  const { t } = useLingui();
  return (problem: Problem, context: { instrument: Instrument | undefined; side: Side; price: number | null }): string | undefined => {
    if (!problem) return undefined;
    if (problem.kind === 'server') return problem.text;
    const i = context.instrument;
    const min = i ? formatVolume(i.volume_min, locale) : '';
    const max = i ? formatVolume(i.volume_max, locale) : '';
    const step = i ? formatVolume(i.volume_step, locale) : '';
    const digits = i?.digits ?? 0;
    const price = context.price !== null && i ? formatPrice(context.price, i.digits, locale) : '';
    const buy = context.side === 'buy';
    switch (problem.code) {
      case 'required':
        return t`Enter the volume in lots.`;
      case 'numeric':
        return t`Enter a number.`;
      case 'min':
        return t`The smallest volume is ${min} lots.`;
      case 'max':
        return t`The largest volume is ${max} lots.`;
      case 'step':
        return t`The volume goes in steps of ${step} lots.`;
      case 'digits':
        return t`At most ${digits} digits after the decimal mark.`;
      case 'stop_loss_side':
        return buy ? t`For a buy, the stop-loss must be below the bid (${price}).` : t`For a sell, the stop-loss must be above the ask (${price}).`;
      case 'take_profit_side':
        return buy ? t`For a buy, the take-profit must be above the bid (${price}).` : t`For a sell, the take-profit must be below the ask (${price}).`;
      default:
        return t`Enter a number.`;
    }
  };
}
