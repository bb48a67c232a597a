import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { orderTicketMachine, type TicketField } from '../../../machines/order-ticket/order-ticket.machine';
import {
  selectFieldProblem,
  selectFillPrice,
  selectInstrument,
  selectIsFilled,
  selectIsSubmitting,
  selectMarginPreview,
  selectMessage,
  selectQuote,
  selectResult,
  selectSide,
  selectSymbol,
  selectSymbolError,
  selectText,
} from '../../../machines/order-ticket/order-ticket.selectors';
import { closePrice } from '../../../machines/order-ticket/order-rules';
import { formatMoney } from '../../../contract/money';
import type { AccountState, PlatformInfo, Side, TradingSymbol } from '../../../contract/platform';
import { errorStatus } from '../../lib/http';
import { useLang } from '../../lib/use-lang';
import { SelectField } from '../../ui/choice/SelectField';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextField } from '../../ui/form/TextField';
import { createOrderPoster } from './api/account-calls';
import { formatPrice, formatVolume } from './format';
import { accountChanged } from './use-account-live';
import { useLiveQuotes } from './live-quotes';
import { useProblemText } from './problem-text';

/** The order ticket: everything it shows comes from the order-ticket machine; the HTTP call is injected. */
export function OrderTicket({ login, platform, state, disabled }: { login: string; platform: PlatformInfo; state: AccountState; disabled: boolean }) {
  const { t } = useLingui();
  const lang = useLang();
  const quotes = useLiveQuotes();
  const poster = useMemo(() => createOrderPoster(login), [login]);
  const actor = useActorRef(
    orderTicketMachine.provide({
      actors: {
        placeOrder: fromPromise(async ({ input }) => {
          try {
            const result = await poster.place(input.order);
            poster.done();
            accountChanged(login);
            return result;
          } catch (error) {
            // An answer (a refusal) ends the attempt; only an order that got no answer is retried under its key.
            if (errorStatus(error) !== undefined) poster.done();
            throw error;
          }
        }),
      },
    }),
    { input: { instruments: platform.instruments, quotes: [...quotes.values()], locale: lang } },
  );
  useEffect(() => actor.send({ type: 'ticket.quotes', quotes: [...quotes.values()] }), [actor, quotes]);

  const symbol = useSelector(actor, selectSymbol);
  const side = useSelector(actor, selectSide);
  const instrument = useSelector(actor, selectInstrument);
  const quote = useSelector(actor, selectQuote);
  const busy = useSelector(actor, selectIsSubmitting);
  const filled = useSelector(actor, selectIsFilled);
  const result = useSelector(actor, selectResult);
  const message = useSelector(actor, selectMessage);
  const symbolError = useSelector(actor, selectSymbolError);
  const fillPrice = useSelector(actor, selectFillPrice);
  const margin = useSelector(actor, (s) => selectMarginPreview(s, state));
  const problems = useSelector(
    actor,
    (s) => ({ volume: selectFieldProblem(s, 'volume'), stop_loss: selectFieldProblem(s, 'stop_loss'), take_profit: selectFieldProblem(s, 'take_profit') }),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const texts = useSelector(
    actor,
    (s) => ({ volume: selectText(s, 'volume'), stop_loss: selectText(s, 'stop_loss'), take_profit: selectText(s, 'take_profit') }),
    (a, b) => a.volume === b.volume && a.stop_loss === b.stop_loss && a.take_profit === b.take_profit,
  );
  const words = useProblemText(lang);
  const close = quote ? closePrice(quote, side) : null;
  const problemOf = (field: TicketField) => words(problems[field], { instrument, side, price: close });
  const price = (value: number | null | undefined) => (value == null || !instrument ? '—' : formatPrice(value, instrument.digits, lang));
  const change = (field: TicketField) => (value: string) => actor.send({ type: 'ticket.change', field, value });
  const decimalHint = lang === 'en' ? undefined : t`A comma or a point before the decimals.`;
  const tooMuch = margin !== null && margin > state.free_margin;

  return (
    <section className="card order-ticket" aria-labelledby="ticket-title">
      <h2 id="ticket-title" className="card-title">
        <Trans>New order</Trans>
      </h2>
      {filled && result ? (
        <div className="order-ticket-body">
          <div className="banner banner-success" role="status">
            <span>
              {result.position.side === 'buy' ? (
                <Trans>
                  Bought {formatVolume(result.position.volume, lang)} lots of {result.position.symbol} at {price(result.position.open_price)}. Position #
                  {result.position.ticket}.
                </Trans>
              ) : (
                <Trans>
                  Sold {formatVolume(result.position.volume, lang)} lots of {result.position.symbol} at {price(result.position.open_price)}. Position #
                  {result.position.ticket}.
                </Trans>
              )}
            </span>
          </div>
          <button type="button" className="btn btn-secondary btn-block" onClick={() => actor.send({ type: 'ticket.again' })}>
            <Trans>New order</Trans>
          </button>
        </div>
      ) : (
        <form
          className="order-ticket-body"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'ticket.submit' });
          }}
        >
          <FormBanner message={message} />
          <fieldset className="order-ticket-fields" disabled={busy || disabled}>
            <SelectField
              label={t`Instrument`}
              name="symbol"
              value={symbol}
              onValueChange={(value) => actor.send({ type: 'ticket.symbol', symbol: value as TradingSymbol })}
              error={symbolError}
            >
              {platform.instruments.map((i) => (
                <option key={i.symbol} value={i.symbol}>
                  {i.symbol}
                </option>
              ))}
            </SelectField>
            <SideChoice side={side} onChange={(next) => actor.send({ type: 'ticket.side', side: next })} bid={price(quote?.bid)} ask={price(quote?.ask)} />
            <TextField
              label={t`Volume, lots`}
              name="volume"
              inputMode="decimal"
              autoComplete="off"
              value={texts.volume}
              onValueChange={change('volume')}
              error={problemOf('volume')}
              hint={
                instrument
                  ? t`From ${formatVolume(instrument.volume_min, lang)} to ${formatVolume(instrument.volume_max, lang)}, in steps of ${formatVolume(instrument.volume_step, lang)}.`
                  : undefined
              }
            />
            <div className="ticket-stops">
              <TextField
                label={t`Stop-loss (optional)`}
                name="stop_loss"
                inputMode="decimal"
                autoComplete="off"
                value={texts.stop_loss}
                onValueChange={change('stop_loss')}
                error={problemOf('stop_loss')}
                hint={decimalHint}
              />
              <TextField
                label={t`Take-profit (optional)`}
                name="take_profit"
                inputMode="decimal"
                autoComplete="off"
                value={texts.take_profit}
                onValueChange={change('take_profit')}
                error={problemOf('take_profit')}
              />
            </div>
          </fieldset>
          <dl className="order-ticket-preview">
            <div>
              <dt>{side === 'buy' ? t`Buys at the ask` : t`Sells at the bid`}</dt>
              <dd className="amount">{price(fillPrice)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Required margin</Trans>
              </dt>
              <dd className={`amount${tooMuch ? ' amount-debit' : ''}`}>{margin === null ? '—' : formatMoney(margin, state.currency, state.precision, lang)}</dd>
            </div>
          </dl>
          {tooMuch ? (
            <p className="field-hint">
              <Trans>More than the free margin: the platform will refuse this volume.</Trans>
            </p>
          ) : null}
          <button type="submit" className={`btn btn-lg btn-block ${side === 'buy' ? 'btn-buy' : 'btn-sell'}`} disabled={busy || disabled} aria-busy={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {side === 'buy' ? t`Buy ${symbol}` : t`Sell ${symbol}`}
          </button>
        </form>
      )}
    </section>
  );
}

function SideChoice({ side, onChange, bid, ask }: { side: Side; onChange: (side: Side) => void; bid: string; ask: string }) {
  const { t } = useLingui();
  return (
    <fieldset className="side-choice">
      <legend className="field-label">
        <Trans>Side</Trans>
      </legend>
      <label className={`side-option side-sell${side === 'sell' ? ' is-chosen' : ''}`}>
        <input type="radio" name="side" value="sell" checked={side === 'sell'} onChange={() => onChange('sell')} />
        <span className="side-name">{t`Sell`}</span>
        <span className="side-price amount">{bid}</span>
      </label>
      <label className={`side-option side-buy${side === 'buy' ? ' is-chosen' : ''}`}>
        <input type="radio" name="side" value="buy" checked={side === 'buy'} onChange={() => onChange('buy')} />
        <span className="side-name">{t`Buy`}</span>
        <span className="side-price amount">{ask}</span>
      </label>
    </fieldset>
  );
}
