import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import {
  selectCreateData,
  selectCreateMessage,
  selectFieldError,
  selectIsCreating,
  selectIsDialogOpen,
} from '../../../machines/trading-account/trading-account.selectors';
import { LEVERAGE_CHOICES, type Currency } from '../../../contract/trading';
import { currencyName } from '../../ui/money/money';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { SelectField } from '../../ui/choice/SelectField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import type { TradingAccountsActor } from './use-trading-accounts';

/**
 * The seed's create dialog, in the platform's modal <dialog> (focus trap, Escape, inert page).
 * Everything it shows comes from the trading-account machine.
 */
export function CreateAccountDialog({ actor, currencies }: { actor: TradingAccountsActor; currencies: Currency[] }) {
  const { t } = useLingui();
  const lang = useLang();
  const open = useSelector(actor, selectIsDialogOpen);
  const busy = useSelector(actor, selectIsCreating);
  const data = useSelector(actor, selectCreateData);
  const message = useSelector(actor, selectCreateMessage);
  const currencyError = useSelector(actor, (s) => selectFieldError(s, 'currency_id'));
  const leverageError = useSelector(actor, (s) => selectFieldError(s, 'leverage'));
  const typeError = useSelector(actor, (s) => selectFieldError(s, 'type'));
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const change = (field: 'currency_id' | 'type' | 'leverage') => (value: string) => actor.send({ type: 'field.change', field, value });
  const keydown = (field: 'currency_id' | 'type' | 'leverage') => () => actor.send({ type: 'field.keydown', field });

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        actor.send({ type: 'dialog.close' });
      }}
    >
      {open ? (
        <form
          className="modal-body"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'form.submit' });
          }}
        >
          <header className="modal-head">
            <h2 id={titleId}>
              <Trans>Open a trading account</Trans>
            </h2>
            <button type="button" className="icon-btn" aria-label={t`Close`} onClick={() => actor.send({ type: 'dialog.close' })} disabled={busy}>
              <CloseIcon />
            </button>
          </header>
          <FormBanner message={message} />
          <SelectField
            label={t`Currency`}
            name="currency_id"
            value={data.currency_id}
            onValueChange={change('currency_id')}
            onKeyDown={keydown('currency_id')}
            error={currencyError}
            hint={t`The currency cannot be changed later.`}
            required
            autoFocus
          >
            <option value="">{t`Choose a currency`}</option>
            {currencies.map((currency) => (
              <option key={currency.id} value={String(currency.id)}>
                {currency.code} · {currencyName(currency.code, lang)}
              </option>
            ))}
          </SelectField>
          <fieldset className="field choice-group" aria-describedby={typeError ? 'account-type-error' : undefined}>
            <legend className="field-label">
              <Trans>Account type</Trans>
            </legend>
            <label className="choice">
              <input type="radio" name="type" value="live" checked={data.type === 'live'} onChange={() => change('type')('live')} />
              <span>
                <strong>
                  <Trans>Live</Trans>
                </strong>
                <span className="field-hint">
                  <Trans>Real money; deposits and withdrawals are checked by our staff.</Trans>
                </span>
              </span>
            </label>
            <label className="choice">
              <input type="radio" name="type" value="demo" checked={data.type === 'demo'} onChange={() => change('type')('demo')} />
              <span>
                <strong>
                  <Trans>Demo</Trans>
                </strong>
                <span className="field-hint">
                  <Trans>Virtual funds for practice, topped up at once.</Trans>
                </span>
              </span>
            </label>
            {typeError ? (
              <p id="account-type-error" className="field-error" role="alert">
                {typeError}
              </p>
            ) : null}
          </fieldset>
          <SelectField label={t`Leverage`} name="leverage" value={data.leverage} onValueChange={change('leverage')} onKeyDown={keydown('leverage')} error={leverageError}>
            {LEVERAGE_CHOICES.map((leverage) => (
              <option key={leverage} value={String(leverage)}>
                1:{leverage}
              </option>
            ))}
          </SelectField>
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary" onClick={() => actor.send({ type: 'dialog.close' })} disabled={busy}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              <Trans>Open account</Trans>
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
