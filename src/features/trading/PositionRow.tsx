import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { positionMachine, type PositionMachine, type StopField } from '../../../machines/position/position.machine';
import {
  selectCanClose,
  selectCanEditStops,
  selectIsClosing,
  selectIsConfirmingClose,
  selectIsEditingStops,
  selectIsSavingStops,
  selectMessage,
  selectPosition,
  selectStopProblem,
  selectStopText,
} from '../../../machines/position/position.selectors';
import { formatMoney } from '../../../contract/money';
import type { AccountState, Deal, Instrument, Position } from '../../../contract/platform';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextField } from '../../ui/form/TextField';
import { queryClient } from '../../data/query-client';
import { closePosition, modifyPosition } from './api/account-calls';
import { accountDetailsQuery } from './api/fetch-account-details';
import { formatPrice, formatVolume } from './format';
import { ModalDialog } from './ModalDialog';
import { useProblemText } from './problem-text';
import { accountChanged } from './use-account-live';

/** One open position: a row of the table, and its close and stops dialogs. */
export function PositionRow({
  login,
  position: fresh,
  instrument,
  state,
  onClosed,
}: {
  login: string;
  position: Position;
  instrument: Instrument;
  state: AccountState;
  onClosed: (deal: Deal) => void;
}) {
  const { t } = useLingui();
  const lang = useLang();
  const actor = useActorRef(
    positionMachine.provide({
      actors: {
        modifyStops: fromPromise(async ({ input }) => {
          const changed = await modifyPosition(login, input.ticket, input.stops);
          // The page's query holds the new stops too, or the next live update would show the old ones;
          // a load begun before the change (a catch-up, another change) would answer without them, so
          // it starts over.
          queryClient.setQueryData(accountDetailsQuery(login).queryKey, (held) =>
            held ? { ...held, positions: held.positions.map((p) => (p.ticket === changed.ticket ? changed : p)) } : held,
          );
          void queryClient.invalidateQueries({ queryKey: accountDetailsQuery(login).queryKey, exact: true });
          return changed;
        }),
        closePosition: fromPromise(async ({ input }) => {
          const deal = await closePosition(login, input.ticket);
          accountChanged(login);
          return deal;
        }),
      },
    }),
    { input: { position: fresh, instrument, locale: lang } },
  );
  useEffect(() => actor.send({ type: 'position.changed', position: fresh }), [actor, fresh]);
  useEffect(() => {
    const subscription = actor.on('position.closed', ({ deal }) => onClosed(deal));
    return () => subscription.unsubscribe();
  }, [actor, onClosed]);

  const position = useSelector(actor, selectPosition);
  const confirming = useSelector(actor, selectIsConfirmingClose);
  const closing = useSelector(actor, selectIsClosing);
  const editing = useSelector(actor, selectIsEditingStops);
  const canClose = useSelector(actor, selectCanClose);
  const canEdit = useSelector(actor, selectCanEditStops);
  const message = useSelector(actor, selectMessage);
  const price = (value: number | null) => (value === null ? '—' : formatPrice(value, instrument.digits, lang));
  const profit = formatMoney(position.profit, state.currency, state.precision, lang, { sign: true });
  const side = position.side === 'buy' ? t`Buy` : t`Sell`;
  const name = t`${side} ${formatVolume(position.volume, lang)} ${position.symbol}`;

  return (
    <tr className={closing ? 'is-busy' : undefined}>
      <td className="c-symbol">
        <strong>{position.symbol}</strong>{' '}
        <span className={`side-badge side-badge-${position.side}`}>
          {side} {formatVolume(position.volume, lang)}
        </span>
        <span className="cell-sub mono">#{position.ticket}</span>
      </td>
      <td className="num c-price">
        <span className="price-now">{price(position.current_price)}</span>
        <span className="cell-sub">{t`Opened at ${price(position.open_price)}`}</span>
      </td>
      <td className="num c-stops">
        <span className="cell-sub">
          {t`SL`} {price(position.stop_loss)}
        </span>
        <span className="cell-sub">
          {t`TP`} {price(position.take_profit)}
        </span>
      </td>
      <td className={`num c-profit ${position.profit > 0 ? 'amount-credit' : position.profit < 0 ? 'amount-debit' : ''}`} aria-label={t`Profit of ${name}: ${profit}`}>
        {profit}
      </td>
      <td className="c-actions">
        <div className="row-actions">
          <button type="button" className="btn btn-secondary btn-sm" disabled={!canEdit} onClick={() => actor.send({ type: 'stops.edit' })} aria-label={t`Change stops of ${name}`}>
            <Trans>Stops</Trans>
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={!canClose}
            aria-busy={closing}
            onClick={() => actor.send({ type: 'close.request' })}
            aria-label={t`Close ${name}`}
          >
            {closing ? <span className="spinner" aria-hidden="true" /> : null}
            <Trans>Close</Trans>
          </button>
        </div>
        {message && !editing ? (
          <p className="field-error" role="alert">
            {message}
          </p>
        ) : null}
        {confirming ? (
          <ModalDialog title={t`Close position #${position.ticket}?`} onClose={() => actor.send({ type: 'close.cancel' })}>
            <p>
              <Trans>
                {name} closes at the market price, now {price(position.current_price)}, with a profit of about {profit}.
              </Trans>
            </p>
            <div className="modal-actions">
              <button type="button" className="btn btn-secondary" onClick={() => actor.send({ type: 'close.cancel' })}>
                <Trans>Keep it open</Trans>
              </button>
              <button type="button" className="btn btn-primary" autoFocus onClick={() => actor.send({ type: 'close.confirm' })}>
                <Trans>Close position</Trans>
              </button>
            </div>
          </ModalDialog>
        ) : null}
        {editing ? <StopsDialog actor={actor} instrument={instrument} title={t`Stops of ${name}`} /> : null}
      </td>
    </tr>
  );
}

function StopsDialog({ actor, instrument, title }: { actor: ActorRefFrom<PositionMachine>; instrument: Instrument; title: string }) {
  const { t } = useLingui();
  const lang = useLang();
  const saving = useSelector(actor, selectIsSavingStops);
  const position = useSelector(actor, selectPosition);
  const message = useSelector(actor, selectMessage);
  const words = useProblemText(lang);
  const field = (name: StopField, label: string) => (
    <StopInput
      actor={actor}
      name={name}
      label={label}
      describe={(problem) => words(problem, { instrument, side: position.side, price: position.current_price })}
    />
  );
  return (
    <ModalDialog title={title} onClose={() => actor.send({ type: 'stops.cancel' })} busy={saving}>
      <form
        className="form-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'stops.save' });
        }}
      >
        <FormBanner message={message} />
        <p className="field-hint">
          {position.side === 'buy'
            ? t`The position closes at the bid, now ${formatPrice(position.current_price, instrument.digits, lang)}. Leave a field empty for no stop.`
            : t`The position closes at the ask, now ${formatPrice(position.current_price, instrument.digits, lang)}. Leave a field empty for no stop.`}
        </p>
        <fieldset className="form-row-2 plain-fieldset" disabled={saving}>
          {field('stop_loss', t`Stop-loss`)}
          {field('take_profit', t`Take-profit`)}
        </fieldset>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={() => actor.send({ type: 'stops.cancel' })} disabled={saving}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
            {saving ? <span className="spinner" aria-hidden="true" /> : null}
            <Trans>Save stops</Trans>
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

function StopInput({
  actor,
  name,
  label,
  describe,
}: {
  actor: ActorRefFrom<PositionMachine>;
  name: StopField;
  label: string;
  describe: (problem: ReturnType<typeof selectStopProblem>) => string | undefined;
}) {
  const text = useSelector(actor, (s) => selectStopText(s, name));
  const problem = useSelector(actor, (s) => selectStopProblem(s, name), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  return (
    <TextField
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onValueChange={(value) => actor.send({ type: 'stops.change', field: name, value })}
      error={describe(problem)}
    />
  );
}
