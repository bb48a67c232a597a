import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import {
  type AdminCalendarEvent,
  CALENDAR_COUNTRIES,
  CALENDAR_CURRENCIES,
  EVENT_TITLE_MAX,
  EVENT_VALUE_MAX,
  IMPORTANCE_LEVELS,
} from '../../../contract/calendar';
import { intlLocale } from '../../../contract/locales';
import { dateInZone, timeInZone } from '../../../contract/time-zone';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { DialogActions } from '../../ui/form/DialogActions';
import { FormBanner } from '../../ui/form/FormBanner';
import { SelectField } from '../../ui/choice/SelectField';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { saveCalendarEvent, useDisplayNames, useImportanceLabel, useZoneOptions } from '../calendar';
import '../../ui/dialog.css';

/**
 * Add or edit one event in a modal dialog. Date and time are native inputs, entered in the
 * chosen zone (the staff member's own by default); the server stores the instant in UTC.
 */
export function EventDialog({
  event,
  timeZone,
  defaultDate,
  onClose,
  onSaved,
}: {
  event: AdminCalendarEvent | null;
  timeZone: string;
  defaultDate: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const lang = useLang();
  const names = useDisplayNames(lang);
  const importanceLabel = useImportanceLabel();
  const zones = useZoneOptions(lang, timeZone);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const form = useForm(
    {
      date: event ? dateInZone(new Date(event.starts_at), timeZone) : defaultDate,
      time: event ? timeInZone(new Date(event.starts_at), timeZone) : '',
      time_zone: timeZone,
      country: event?.country ?? 'US',
      currency: event?.currency ?? 'USD',
      importance: String(event?.importance ?? 2),
      title_en: event?.title_en ?? '',
      title_ru: event?.title_ru ?? '',
      title_ua: event?.title_ua ?? '',
      actual: event?.actual ?? '',
      forecast: event?.forecast ?? '',
      previous: event?.previous ?? '',
    },
    (data) =>
      saveCalendarEvent(event?.id ?? null, {
        ...data,
        importance: Number(data.importance),
        actual: data.actual || null,
        forecast: data.forecast || null,
        previous: data.previous || null,
      }),
    onSaved,
  );
  const close = () => dialog.current?.close();

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog form-dialog-wide" aria-labelledby="event-dialog-title" onClose={onClose}>
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <div className="dialog-head">
          <h2 id="event-dialog-title">
            {event ? t`Edit event` : t`New event`}
          </h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <FormBanner message={form.message} />
        <div className="form-row-3">
          <TextField label={t`Date`} type="date" required {...form.field('date')} />
          <TextField label={t`Time`} type="time" required {...form.field('time')} />
          <SelectField
            label={t`Time zone`}
            options={zones}
            {...form.field('time_zone')}
          />
        </div>
        <div className="form-row-3">
          <SelectField
            label={t`Country`}
            options={CALENDAR_COUNTRIES.map((code) => ({ value: code, label: `${code} · ${names.country(code)}` }))}
            {...form.field('country')}
          />
          <SelectField
            label={t`Currency`}
            options={CALENDAR_CURRENCIES.map((code) => ({ value: code, label: `${code} · ${names.currency(code)}` }))}
            {...form.field('currency')}
          />
          <SelectField
            label={t`Importance`}
            options={IMPORTANCE_LEVELS.map((level) => ({ value: String(level), label: importanceLabel(level) }))}
            {...form.field('importance')}
          />
        </div>
        <TextField label={t`Title in English`} maxLength={EVENT_TITLE_MAX} required {...form.field('title_en')} />
        <TextField label={t`Title in Russian`} maxLength={EVENT_TITLE_MAX} required lang={intlLocale('ru')} {...form.field('title_ru')} />
        <TextField label={t`Title in Ukrainian`} maxLength={EVENT_TITLE_MAX} required lang={intlLocale('ua')} {...form.field('title_ua')} />
        <div className="form-row-3">
          <TextField label={t`Actual`} maxLength={EVENT_VALUE_MAX} {...form.field('actual')} />
          <TextField label={t`Forecast`} maxLength={EVENT_VALUE_MAX} {...form.field('forecast')} />
          <TextField label={t`Previous`} maxLength={EVENT_VALUE_MAX} {...form.field('previous')} />
        </div>
        <DialogActions busy={form.busy} onCancel={close}>
          {event ? <Trans>Save changes</Trans> : <Trans>Add event</Trans>}
        </DialogActions>
      </form>
    </dialog>
  );
}
