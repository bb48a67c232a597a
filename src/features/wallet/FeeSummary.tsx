import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentDirection, PaymentMethod } from '../../../contract/payments';
import { formatMoney, parseTypedAmount } from '../../../contract/money';
import { useLang } from '../../lib/use-lang';
import { feeQuote } from './payment-labels';

/**
 * What the chosen method costs for the amount typed so far, and what each side sees: a deposit's
 * fee is paid on top and the amount arrives on the account; a withdrawal debits the amount and
 * the fee comes out of what the client receives. Read out politely as the amount changes.
 */
export function FeeSummary({ method, direction, typed }: { method: PaymentMethod; direction: PaymentDirection; typed: string }) {
  const { t } = useLingui();
  const lang = useLang();
  const parsed = typed.trim() === '' ? null : parseTypedAmount(typed, method.precision, lang);
  const money = (minor: number) => formatMoney(minor, method.currency, method.precision, lang);
  const amount = parsed?.ok ? parsed.minor : null;
  const quote = amount === null ? null : feeQuote(method, direction, amount);
  const outside =
    amount === null
      ? null
      : amount < method.min_amount
        ? t`The least this method takes is ${money(method.min_amount)}.`
        : method.max_amount !== null && amount > method.max_amount
          ? t`The most this method takes is ${money(method.max_amount)}.`
          : null;

  return (
    <div className="fee-summary" aria-live="polite">
      {quote ? (
        <dl className="fee-summary-list">
          <div>
            <dt>
              <Trans>Fee</Trans>
            </dt>
            <dd className="amount">{money(quote.fee)}</dd>
          </div>
          {direction === 'deposit' ? (
            <>
              <div>
                <dt>
                  <Trans>You pay</Trans>
                </dt>
                <dd className="amount">{money(quote.client)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Arrives on the account</Trans>
                </dt>
                <dd className="amount">{money(quote.account)}</dd>
              </div>
            </>
          ) : (
            <>
              <div>
                <dt>
                  <Trans>Debited from the account</Trans>
                </dt>
                <dd className="amount">{money(quote.account)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>You receive</Trans>
                </dt>
                <dd className="amount">{money(quote.client)}</dd>
              </div>
            </>
          )}
        </dl>
      ) : (
        <p className="field-hint">
          <Trans>Type an amount to see the fee.</Trans>
        </p>
      )}
      {outside ? <p className="field-hint fee-summary-limit">{outside}</p> : null}
    </div>
  );
}
