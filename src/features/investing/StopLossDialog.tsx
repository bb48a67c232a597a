import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { type CopySubscriptionDetails, STOP_LOSS_PERCENT_MAX, STOP_LOSS_PERCENT_MIN, type StopLossKind, stopLossFloor } from '../../../contract/investing';
import { formatAmountInput, parseTypedAmount } from '../../../contract/money';
import { errorsFromResponse } from '../../../machines/form/form-errors';
import { useLang } from '../../lib/use-lang';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { setStopLoss } from './api/subscription-calls';
import { money, percent, readPercent } from './investing-format';
import '../../ui/dialog.css';

/**
 * The equity stop-loss: a floor in money, or the loss allowed in percent of the money invested;
 * the dialog shows the equity at which it fires before it is saved. Removing it is one button.
 */
export function StopLossDialog({ subscription, onDone, onClose }: { subscription: CopySubscriptionDetails; onDone: (next: CopySubscriptionDetails) => void; onClose: () => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const readAmount = useAmountReader();
  const c = subscription.currency;
  const current = subscription.stop_loss;
  const [kind, setKind] = useState<StopLossKind>(current?.kind ?? 'percent');
  const [value, setValue] = useState(current ? (current.kind === 'money' ? formatAmountInput(current.value, c.precision, lang) : String(current.value).replace('.', lang === 'en' ? '.' : ',')) : '');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const asPercent = readPercent(value, lang);
  const asMoney = parseTypedAmount(value, c.precision, lang);
  const floor = kind === 'percent' ? (asPercent === null ? null : stopLossFloor({ kind, value: asPercent }, subscription.invested)) : asMoney.ok ? asMoney.minor : null;

  async function save(stopLoss: Parameters<typeof setStopLoss>[1]) {
    setBusy(true);
    setMessage(null);
    try {
      onDone(await setStopLoss(subscription.id, stopLoss));
      dialog.current?.close();
    } catch (failure) {
      // The server's refusal on its field (`stop_loss.value`, `value`), else as the form's message; the typed value stays.
      const read = errorsFromResponse(failure);
      const onField = read.errors['stop_loss.value'] ?? read.errors.value ?? read.errors.stop_loss ?? read.errors['stop_loss.kind'];
      if (onField) setError(onField[0]);
      else setMessage(Object.values(read.errors)[0]?.[0] ?? read.message);
    } finally {
      setBusy(false);
    }
  }
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (kind === 'percent') {
      if (asPercent === null || asPercent < STOP_LOSS_PERCENT_MIN || asPercent > STOP_LOSS_PERCENT_MAX) {
        setError(t`Type a loss between ${STOP_LOSS_PERCENT_MIN} and ${STOP_LOSS_PERCENT_MAX} percent.`);
        return;
      }
      void save({ kind, value: asPercent });
      return;
    }
    const reading = readAmount(value, c);
    if (!reading.ok) {
      setError(reading.message);
      return;
    }
    void save({ kind, value: reading.decimal });
  };
  const close = () => dialog.current?.close();
  const invested = money(subscription.invested, c, lang);
  const equity = money(subscription.equity, c, lang);
  const fires = floor === null ? null : money(floor, c, lang);
  const code = c.code;
  const allowed = asPercent === null ? '' : percent(asPercent, lang);
  return (
    <dialog ref={dialog} className="alert-dialog form-dialog" aria-labelledby="stop-title" onClose={onClose}>
      <form className="form-grid" onSubmit={submit} noValidate>
        <div className="dialog-head">
          <h2 id="stop-title">{t`Equity stop-loss`}</h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <p>
          <Trans>When the copy account’s equity falls to the floor, its positions are closed, copying pauses and you are told. Equity now: {equity}; invested: {invested}.</Trans>
        </p>
        <FormBanner message={message} />
        <SegmentedControl
          label={t`Stop-loss as`}
          options={[
            { value: 'percent', label: t`Loss in percent` },
            { value: 'money', label: t`Equity floor in ${code}` },
          ]}
          value={kind}
          onChange={(next) => {
            setKind(next);
            setValue('');
            setError(undefined);
          }}
        />
        <TextField
          name="value"
          label={kind === 'percent' ? t`Loss allowed, % of the money invested` : t`Equity floor, ${code}`}
          value={value}
          onValueChange={setValue}
          onKeyDown={() => setError(undefined)}
          error={error}
          inputMode="decimal"
          autoComplete="off"
        />
        <p className="invest-what-happens" aria-live="polite">
          {fires === null ? (
            <Trans>Type a value to see the equity at which the stop-loss fires.</Trans>
          ) : kind === 'percent' ? (
            <Trans>
              A loss of {allowed} of {invested}: copying pauses when equity falls to {fires}.
            </Trans>
          ) : (
            <Trans>Copying pauses when equity falls to {fires}.</Trans>
          )}
        </p>
        <div className="form-actions">
          {current ? (
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void save(null)}>
              <Trans>Remove the stop-loss</Trans>
            </button>
          ) : null}
          <SubmitButton busy={busy} block={false}>
            <Trans>Save the stop-loss</Trans>
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
