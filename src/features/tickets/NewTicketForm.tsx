import { Trans, useLingui } from '@lingui/react/macro';
import { TICKET_CATEGORIES, TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX, type Ticket, type TicketCategory } from '../../../contract/tickets';
import { useForm } from '../../lib/use-form';
import { SelectField } from '../../ui/choice/SelectField';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { createTicket, type NewTicket } from './api/create-ticket';
import { AttachmentsInput, useAttachmentCheck } from './AttachmentsInput';
import { CATEGORY_LABELS } from './ticket-labels';

/** Opening a ticket: category, subject, message and up to three files, with upload progress. */
export function NewTicketForm({ onCreated, onCancel }: { onCreated: (ticket: Ticket) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const check = useAttachmentCheck();
  const form = useForm<NewTicket & Record<string, unknown>>(
    { category: '', subject: '', message: '', files: [] },
    (data, progress) => createTicket(data, progress),
    (output) => onCreated(output as Ticket),
  );

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const problem = check(form.data.files);
    if (problem) return form.actor.send({ type: 'form.setErrors', errors: { files: [problem] } });
    form.actor.send({ type: 'form.submit' });
  }

  return (
    <form className="card form-grid ticket-form" onSubmit={submit} noValidate aria-labelledby="new-ticket-title">
      <h2 id="new-ticket-title" className="section-title">
        <Trans>New ticket</Trans>
      </h2>
      <FormBanner message={form.message} />
      <SelectField label={t`Category`} required {...form.field('category')}>
        <option value="" disabled>
          {t`Choose a category`}
        </option>
        {TICKET_CATEGORIES.map((category: TicketCategory) => (
          <option key={category} value={category}>
            {i18n._(CATEGORY_LABELS[category])}
          </option>
        ))}
      </SelectField>
      <TextField label={t`Subject`} required maxLength={TICKET_SUBJECT_MAX} autoComplete="off" {...form.field('subject')} />
      <TextAreaField
        label={t`Message`}
        required
        rows={6}
        maxLength={TICKET_MESSAGE_MAX}
        hint={t`What happened, and what you expected. Add a screenshot or a statement if it helps.`}
        {...form.field('message')}
      />
      <AttachmentsInput
        files={form.data.files}
        disabled={form.busy}
        error={form.errors.files?.[0]}
        onChange={(files) => {
          form.actor.send({ type: 'form.keydown', field: 'files' });
          form.set('files', files);
        }}
      />
      {form.progress ? (
        <div className="upload-progress">
          <progress max={100} value={form.progress.percentage} aria-label={t`Upload progress`} />
          <span aria-hidden="true">{form.progress.percentage}%</span>
        </div>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={form.busy}>
          <Trans>Cancel</Trans>
        </button>
        <SubmitButton busy={form.busy} block={false}>
          <Trans>Send ticket</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}
