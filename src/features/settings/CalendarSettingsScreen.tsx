import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CALENDAR_CURRENCIES, type CalendarSettings, IMPORTANCE_LEVELS } from '../../../contract/calendar';
import { queryClient, showLatest } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { Checkbox } from '../../ui/form/Checkbox';
import { FormBanner } from '../../ui/form/FormBanner';
import { SelectField } from '../../ui/choice/SelectField';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { AlertIcon } from '../../ui/icons/AlertIcon';
import { Skeleton } from '../../ui/Skeleton';
import { calendarKeys, calendarSettingsQuery, saveCalendarSettings, deviceTimeZone, useDisplayNames, useImportanceLabel, useZoneOptions, zoneLabel } from '../calendar';
import '../calendar/calendar.css';
import { LoadError } from '../../ui/LoadError';

/** settings.settings (the seed's calendars screen): what the calendar shows and in which time zone. */
export function CalendarSettingsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Calendars`);
  const settings = useQuery(calendarSettingsQuery(), queryClient);
  if (settings.isPending) {
    return (
      <div aria-busy="true" className="calendar-settings">
        <span className="visually-hidden" role="status">
          <Trans>Loading your settings…</Trans>
        </span>
        <Skeleton width="100%" height={200} radius="var(--radius-lg)" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <LoadError onRetry={() => void settings.refetch()}>
        <Trans>Your settings could not be loaded.</Trans>
      </LoadError>
    );
  }
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: CalendarSettings }) {
  const { t } = useLingui();
  const lang = useLang();
  const names = useDisplayNames(lang);
  const importanceLabel = useImportanceLabel();
  const device = deviceTimeZone();
  const zones = useZoneOptions(lang, initial.time_zone ?? undefined);
  const form = useForm(
    { currencies: initial.currencies, importance: initial.importance, time_zone: initial.time_zone ?? '' },
    (data) => saveCalendarSettings({ ...data, time_zone: data.time_zone || null }),
    (saved) => void showLatest(calendarKeys.settings, saved as CalendarSettings),
  );
  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));

  return (
    <form className="card card-body calendar-settings" onSubmit={form.onSubmit} noValidate>
      <div>
        <h2 className="section-title">
          <Trans>Economic calendar</Trans>
        </h2>
        <p className="field-hint">
          <Trans>
            The <Link to="/$lang/calendar" params={{ lang }}>calendar</Link> opens with these filters, in this time zone.
          </Trans>
        </p>
      </div>
      <FormBanner message={form.message} />
      <fieldset aria-describedby={form.errors.currencies ? 'currencies-error' : undefined}>
        <legend>
          <Trans>Currencies you follow</Trans>
        </legend>
        <div className="check-grid">
          {CALENDAR_CURRENCIES.map((code) => (
            <Checkbox
              key={code}
              name="currencies"
              label={`${code} · ${names.currency(code)}`}
              checked={form.data.currencies.includes(code)}
              onCheckedChange={(on) => form.set('currencies', toggle(form.data.currencies, code, on))}
            />
          ))}
        </div>
        {form.errors.currencies ? (
          <p id="currencies-error" className="field-error" role="alert">
            <AlertIcon size={16} />
            <span>{form.errors.currencies[0]}</span>
          </p>
        ) : null}
      </fieldset>
      <fieldset aria-describedby={form.errors.importance ? 'importance-error' : undefined}>
        <legend>
          <Trans>Importance</Trans>
        </legend>
        <div className="check-grid">
          {IMPORTANCE_LEVELS.map((level) => (
            <Checkbox
              key={level}
              name="importance"
              label={importanceLabel(level)}
              checked={form.data.importance.includes(level)}
              onCheckedChange={(on) => form.set('importance', toggle(form.data.importance, level, on))}
            />
          ))}
        </div>
        {form.errors.importance ? (
          <p id="importance-error" className="field-error" role="alert">
            <AlertIcon size={16} />
            <span>{form.errors.importance[0]}</span>
          </p>
        ) : null}
      </fieldset>
      <SelectField
        label={t`Time zone`}
        options={[
          { value: '', label: t`This device’s time zone: ${zoneLabel(device, lang)}` },
          ...zones,
        ]}
        {...form.field('time_zone')}
      />
      <div className="form-actions">
        <SubmitButton busy={form.busy} block={false}>
          <Trans>Save</Trans>
        </SubmitButton>
        {form.recentlySuccessful ? (
          <p className="field-hint" role="status">
            <Trans>Saved.</Trans>
          </p>
        ) : null}
      </div>
    </form>
  );
}
