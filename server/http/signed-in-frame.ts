import { dayPartAt, hourIn, isTimeZone } from '../../contract/greeting.ts';
import { intlLocale, type Locale } from '../../contract/locales.ts';
import { FRAME_SLOT_PATTERN, type FrameRole, type FrameSlot, type FrameWords } from '../../contract/signed-in-frame.ts';
import { holdsRole } from '../../contract/user.ts';
import { avatarColor, selectFullName, selectInitials } from '../../machines/session/session.selectors.ts';

/** What of the signed-in visitor the frame shows (a token's user: services/tokens.ts). */
export interface FrameUser {
  first_name: string;
  second_name: string;
  email: string;
  roles: string[];
  created_at: string;
}

/** Staff see the administration's entries in the navigation; everyone else a client's. */
export function frameRoleOf(user: FrameUser): FrameRole {
  return holdsRole(user.roles, 'admin') ? 'staff' : 'client';
}

export interface FrameContext {
  locale: Locale;
  /** The visitor's clock (the time-zone cookie): without it, no slot that depends on it is filled. */
  timeZone: string | null;
  words: FrameWords;
  now: Date;
}

/**
 * The values of the frame's slots for this visitor, derived as the app derives them (the session's
 * selectors for the initials, the avatar's colour and the full name; the home head's greeting by the
 * part of the day and its date in the visitor's language and time zone). The greeting and the join
 * date need the time zone: without a valid one they are null, and the home head is not drawn.
 */
export function frameValues(user: FrameUser, { locale, timeZone, words, now }: FrameContext): Record<FrameSlot, string | null> {
  const initials = selectInitials(user);
  const clock = isTimeZone(timeZone) ? timeZone : null;
  const greeting = clock ? words[locale]?.greetings[dayPartAt(hourIn(now, clock))] : undefined;
  return {
    first_name: user.first_name,
    second_name: user.second_name,
    full_name: selectFullName(user),
    email: user.email,
    initials,
    avatar_color: avatarColor(initials),
    greeting: greeting === undefined ? null : greeting.replaceAll('⟦first_name⟧', user.first_name),
    member_since: clock ? new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: clock }).format(new Date(user.created_at)) : null,
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** The frame with every slot holding its value, HTML-escaped; null when the page has a slot without one. */
export function fillFrame(html: string, values: Record<FrameSlot, string | null>): string | null {
  let missing = false;
  const filled = html.replace(FRAME_SLOT_PATTERN, (_, slot: string) => {
    const value = Object.hasOwn(values, slot) ? values[slot as FrameSlot] : null;
    if (value === null) {
      missing = true;
      return '';
    }
    return escapeHtml(value);
  });
  return missing ? null : filled;
}
