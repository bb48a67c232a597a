import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { dayPartAt, type DayPart } from '../../../contract/greeting';
import type { User } from '../../../contract/user';
import { PageHeader } from '../../ui/PageHeader';

/** The home screen's greeting by the part of the day; the server fills the same words into the signed-in frame (docs/adr/0112). */
const GREETINGS: Record<DayPart, MessageDescriptor> = {
  morning: msg({ message: 'Good morning, {firstName}' }),
  afternoon: msg({ message: 'Good afternoon, {firstName}' }),
  evening: msg({ message: 'Good evening, {firstName}' }),
};

/** The greeting for a part of the day, in the active language. */
export function greet(i18n: I18n, part: DayPart, firstName: string): string {
  const { id, message } = GREETINGS[part];
  return i18n._(id, { firstName }, { message });
}

/** The home screen's head: who is signed in, the greeting on the visitor's clock, and since when they are a client. */
export function HomeHead({ user, isAdmin }: { user: Pick<User, 'first_name' | 'created_at'>; isAdmin: boolean }) {
  const { t, i18n } = useLingui();
  const greeting = greet(i18n, dayPartAt(new Date().getHours()), user.first_name);
  const memberSince = i18n.date(new Date(user.created_at), { dateStyle: 'long' });
  return <PageHeader eyebrow={isAdmin ? t`Staff` : t`Client area`} title={greeting} lead={t`With us since ${memberSince}.`} />;
}
