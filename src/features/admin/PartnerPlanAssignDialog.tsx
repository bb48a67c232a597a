import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { AdminPartner, PartnerPlan } from '../../../contract/partners';
import { useForm } from '../../lib/use-form';
import { SelectField } from '../../ui/choice/SelectField';
import { FormBanner } from '../../ui/form/FormBanner';
import { DialogActions } from '../../ui/form/DialogActions';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { assignPartnerPlan, makePartner } from './api/partners';
import '../../ui/dialog.css';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A partner's plan from a date on (today or later: rewards already credited keep the plan they
 * were computed with), or, without a partner, a client made a partner directly by their number.
 */
export function PartnerPlanAssignDialog({
  partner,
  plans,
  onClose,
  onSaved,
}: {
  partner: AdminPartner | null;
  plans: PartnerPlan[];
  onClose: () => void;
  onSaved: (partner: AdminPartner) => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const fallback = plans.find((p) => p.is_default) ?? plans[0];
  const form = useForm(
    { user_id: '', plan_id: String(partner?.plan.id ?? fallback?.id ?? ''), effective_from: today() },
    (data) =>
      partner
        ? assignPartnerPlan(partner.id, Number(data.plan_id), data.effective_from)
        : makePartner(/^\d+$/.test(data.user_id.trim()) ? Number(data.user_id.trim()) : (data.user_id as unknown as number), Number(data.plan_id) || undefined),
    (output) => onSaved(output as AdminPartner),
  );
  const close = () => dialog.current?.close();

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog" aria-labelledby="assign-dialog-title" onClose={onClose}>
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <div className="dialog-head">
          <h2 id="assign-dialog-title">{partner ? t`Change the plan of ${partner.user.name}` : t`Make a client a partner`}</h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <FormBanner message={form.message} />
        {partner ? null : (
          <TextField label={t`Client number`} inputMode="numeric" required autoComplete="off" {...form.field('user_id')} hint={t`The client's number, as the chats and verifications show it.`} />
        )}
        <SelectField label={t`Plan`} {...form.field('plan_id')}>
          {plans.map((plan) => (
            <option key={plan.id} value={String(plan.id)}>
              {plan.name} · {plan.currency}
            </option>
          ))}
        </SelectField>
        {partner ? (
          <TextField
            label={t`Effective from`}
            type="date"
            min={today()}
            required
            {...form.field('effective_from')}
            hint={t`Rewards from this day (UTC) on follow the new plan; earlier ones keep theirs.`}
          />
        ) : null}
        <DialogActions busy={form.busy} onCancel={close} lockWhileBusy>
          {partner ? <Trans>Change plan</Trans> : <Trans>Make partner</Trans>}
        </DialogActions>
      </form>
    </dialog>
  );
}
