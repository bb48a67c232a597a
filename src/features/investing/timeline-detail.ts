import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InvestingCurrency } from '../../../contract/investing';
import type { TimelineStep } from '../../../contract/lifecycle';
import type { Locale } from '../../../contract/locales';
import { parseAmount } from '../../../contract/money';
import { money, percent } from './investing-format';

const STOP_LOSS_PERCENT = msg({ message: 'A loss of {value} of the money invested' });
const STOP_LOSS_MONEY = msg({ message: 'Equity floor {value}' });
const STOP_LOSS_REMOVED = msg`Removed`;
const NO_MONEY = msg`The account did not have that much money free.`;

/**
 * A step's detail as the follower reads it: the server records the figures plainly (an amount as
 * decimal text, a stop-loss as `percent:20` or `money:800.00`, a refusal as its rule), in no language.
 */
export function timelineDetail(step: TimelineStep, currency: InvestingCurrency, i18n: I18n, lang: Locale): string | null {
  const reason = step.reason;
  const amount = (decimal: string) => {
    const parsed = parseAmount(decimal, currency.precision);
    return parsed.ok ? money(parsed.minor, currency, lang) : decimal;
  };
  if (step.event === 'subscription.add_funds' || step.event === 'subscription.withdraw') return reason ? amount(reason) : null;
  if (step.event === 'subscription.set_stop_loss') {
    if (!reason) return i18n._(STOP_LOSS_REMOVED);
    const [kind, value = ''] = reason.split(':');
    if (kind === 'percent') return i18n._(STOP_LOSS_PERCENT.id, { value: percent(Number(value), lang) });
    if (kind === 'money') return i18n._(STOP_LOSS_MONEY.id, { value: amount(value) });
    return reason;
  }
  if (step.event === 'subscription.funding_failed' && (reason === 'insufficient_funds' || reason === 'not_enough_margin')) return i18n._(NO_MONEY);
  return reason;
}
