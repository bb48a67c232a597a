import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { PARTNER_DESCRIPTION_MAX, PARTNER_WEBSITE_MAX, type PartnerApplication } from '../../../contract/partners';
import { useForm } from '../../lib/use-form';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { AlertIcon } from '../../ui/icons/AlertIcon';
import { applyForPartnership } from './api/partner-actions';

interface ApplicationData extends Record<string, unknown> {
  website: string;
  description: string;
  agree: boolean;
}

/**
 * The short application: where the partner will share their links, how they will bring clients,
 * and their agreement to the program's terms. The server's refusals land on their fields in the
 * reader's language; a failed send keeps what was typed.
 */
export function ApplicationForm({ onSent, onCancel }: { onSent: (application: PartnerApplication) => void; onCancel?: (() => void) | undefined }) {
  const { t } = useLingui();
  const agreeId = useId();
  const form = useForm<ApplicationData>(
    { website: '', description: '', agree: false },
    (data) => applyForPartnership({ website: data.website, description: data.description }),
    (output) => onSent(output as PartnerApplication),
  );
  const agreeError = form.errors.agree?.[0];

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!form.data.agree) {
      form.actor.send({ type: 'form.setErrors', errors: { agree: [t`Please accept the partner terms to apply.`] } });
      return;
    }
    form.actor.send({ type: 'form.submit' });
  }

  return (
    <form className="card form-grid investor-apply" onSubmit={submit} noValidate aria-labelledby="apply-title">
      <h2 id="apply-title" className="section-title">
        <Trans>Apply to become a partner</Trans>
      </h2>
      <FormBanner message={form.message} />
      <TextField
        label={t`Website or channel (optional)`}
        inputMode="url"
        autoComplete="url"
        maxLength={PARTNER_WEBSITE_MAX}
        hint={t`Where you will share your links: a site, a blog, a channel or a group.`}
        {...form.field('website')}
      />
      <TextAreaField
        label={t`How you will bring clients`}
        required
        rows={5}
        maxLength={PARTNER_DESCRIPTION_MAX}
        hint={t`Your audience, how many clients you expect in a month, and anything else we should know.`}
        {...form.field('description')}
      />
      <div className="field">
        <label className="checkbox" htmlFor={agreeId}>
          <input
            id={agreeId}
            type="checkbox"
            name="agree"
            checked={form.data.agree}
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? `${agreeId}-error` : undefined}
            onChange={(event) => {
              form.actor.send({ type: 'form.keydown', field: 'agree' });
              form.set('agree', event.target.checked);
            }}
          />
          <span>
            <Trans>I accept the partner terms: no spam, no misleading promises of profit, and no registering myself through my own links.</Trans>
          </span>
        </label>
        {agreeError ? (
          <p id={`${agreeId}-error`} className="field-error" role="alert">
            <AlertIcon size={16} />
            <span>{agreeError}</span>
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={form.busy}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
        <SubmitButton busy={form.busy} block={false}>
          <Trans>Send application</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}
