import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectUser } from '../../../machines/session/session.selectors';
import { intlLocale, LANGUAGES, LOCALES } from '../../../contract/locales';
import { type AgentAlerts, type OfficeHours, type SupportStatus, WEEKDAYS } from '../../../contract/support';
import { queryClient, showLatest } from '../../data/query-client';
import { request } from '../../lib/http';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { supportStatusQuery } from '../../ui/chat/support-status';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { Checkbox } from '../../ui/form/Checkbox';
import { FormBanner } from '../../ui/form/FormBanner';
import { SaveFooter } from '../../ui/form/SaveFooter';
import { SettingsSection } from '../settings';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { agentAlertsQuery, saveAgentAlerts } from './api/agent-alerts';
import './admin-chats.css';

const MONDAY = Date.UTC(2024, 0, 1);

/** Staff: support's office hours and away message (shared), and this agent's own alert sound. */
export function AdminSupportScreen() {
  const { t } = useLingui();
  usePageTitle(t`Support settings`);
  const status = useQuery(supportStatusQuery, queryClient);
  const user = useSelector(useRuntime().session, selectUser);
  return (
    <div className="admin-support">
      {status.isError ? (
        <LoadError onRetry={() => void status.refetch()} retrying={status.isFetching} className="money-error card-error">
          <Trans>The office hours could not be loaded.</Trans>
        </LoadError>
      ) : status.data ? (
        <OfficeHoursForm hours={status.data.office_hours} />
      ) : (
        <LoadingState />
      )}
      {user ? <SoundSection /> : null}
    </div>
  );
}

function OfficeHoursForm({ hours }: { hours: OfficeHours }) {
  const { t } = useLingui();
  const locale = intlLocale(useLang());
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const form = useForm(
    {
      days: hours.days as number[],
      from: hours.from,
      to: hours.to,
      time_zone: hours.time_zone,
      ...Object.fromEntries(LOCALES.map((lang) => [`away_message.${lang}`, hours.away_message[lang]])),
    } as Record<string, unknown> & { days: number[] },
    (data) =>
      request<OfficeHours>('/api/admin/support/office-hours', {
        method: 'PUT',
        body: {
          days: data.days,
          from: data.from,
          to: data.to,
          time_zone: data.time_zone,
          away_message: Object.fromEntries(LOCALES.map((lang) => [lang, data[`away_message.${lang}`]])),
        },
      }),
    (saved) =>
      queryClient.setQueryData(supportStatusQuery.queryKey, (status: SupportStatus | undefined) =>
        status ? { ...status, office_hours: saved as OfficeHours } : status,
      ),
  );
  const days = form.data.days;
  const toggle = (day: number, on: boolean) => form.set('days', on ? [...days, day].sort() : days.filter((d) => d !== day));

  return (
    <SettingsSection title={t`Office hours`} lead={t`Clients see these hours and the away message in the chat when no one from support is online.`}>
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <FormBanner message={form.message} />
        <fieldset className="admin-support-days">
          <legend className="field-label">
            <Trans>Days</Trans>
          </legend>
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              name={`day-${day}`}
              label={dayName.format(new Date(MONDAY + (day - 1) * 86_400_000))}
              checked={days.includes(day)}
              onCheckedChange={(on) => toggle(day, on)}
            />
          ))}
          {form.errors.days?.[0] ? (
            <p className="field-error" role="alert">
              {form.field('days').error}
            </p>
          ) : null}
        </fieldset>
        <div className="form-row-2">
          <TextField label={t`Opens at`} type="time" required {...form.field('from')} />
          <TextField label={t`Closes at`} type="time" required {...form.field('to')} />
        </div>
        <TextField label={t`Time zone`} hint={t`A zone written as Region/City, such as Europe/London.`} required {...form.field('time_zone')} />
        {LOCALES.map((lang) => (
          <TextAreaField key={lang} label={t`Away message (${LANGUAGES[lang].name})`} rows={3} lang={lang} required {...form.field(`away_message.${lang}`)} />
        ))}
        <SaveFooter busy={form.busy} saved={form.recentlySuccessful} />
      </form>
    </SettingsSection>
  );
}

/** The agent's own sound, saved at once on the server: it follows them to every browser. */
function SoundSection() {
  const { t } = useLingui();
  const alerts = useQuery(agentAlertsQuery, queryClient);
  // The switched value shows in the same frame as the click and stays until the server answers:
  // a change held only in the query cache reaches the screen a task later, so the box flicked back.
  const [switched, setSwitched] = useState<AgentAlerts | null>(null);
  const save = useMutation(
    {
      mutationFn: saveAgentAlerts,
      onSuccess: (saved) => showLatest(agentAlertsQuery.queryKey, saved),
      // A later switch stays until its own answer.
      onSettled: (_saved, _error, sent) => setSwitched((held) => (held === sent ? null : held)),
    },
    queryClient,
  );
  const change = (sound: boolean) => {
    const next = { sound };
    setSwitched(next);
    save.mutate(next);
  };
  return (
    <SettingsSection title={t`Your alerts`} lead={t`The tab’s title always counts new client messages. A sound is yours to choose; it follows you to every browser you sign in on.`}>
      {alerts.isError ? (
        <LoadError onRetry={() => void alerts.refetch()} retrying={alerts.isFetching} className="money-error card-error">
          <Trans>Your alert settings could not be loaded.</Trans>
        </LoadError>
      ) : alerts.data ? (
        <>
          <Checkbox
            name="chat-sound"
            label={t`Play a sound when a client writes while I am not looking`}
            checked={(switched ?? alerts.data).sound}
            onCheckedChange={change}
          />
          {save.isError ? (
            <p className="field-error" role="alert">
              <Trans>The setting was not saved. Try again.</Trans>
            </p>
          ) : null}
        </>
      ) : (
        <LoadingState />
      )}
    </SettingsSection>
  );
}
