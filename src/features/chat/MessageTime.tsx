import { intlLocale } from '../../../contract/locales';
import { useLang } from '../../lib/use-lang';

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** A message's time in the user's locale: the time today, the date and time before. */
export function MessageTime({ iso }: { iso: string }) {
  const locale = intlLocale(useLang());
  const date = new Date(iso);
  const options: Intl.DateTimeFormatOptions = sameDay(date, new Date())
    ? { hour: '2-digit', minute: '2-digit' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  return (
    <time className="chat-time" dateTime={iso} title={date.toLocaleString(locale)}>
      {new Intl.DateTimeFormat(locale, options).format(date)}
    </time>
  );
}
