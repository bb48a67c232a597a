/**
 * The signed-in frame's slots (docs/adr/0112): the build draws the frame for a user whose fields
 * are these markers (src/prerender.tsx, scripts/prerender.ts), and the server writes the visitor's
 * own values into them, HTML-escaped, before it sends the page (server/http/signed-in-frame.ts).
 */
export const FRAME_SLOTS = ['first_name', 'second_name', 'full_name', 'email', 'initials', 'avatar_color', 'greeting', 'member_since'] as const;
export type FrameSlot = (typeof FRAME_SLOTS)[number];

/** The marker the build leaves where a slot's value goes. */
export const frameSlot = (slot: FrameSlot): string => `⟦${slot}⟧`;

/** Every marker in a page, by name. */
export const FRAME_SLOT_PATTERN = /⟦([a-z_]+)⟧/g;

/** Who the frame is drawn for: a client's navigation, or staff's (the administration's entries). */
export type FrameRole = 'client' | 'staff';

/** The words the server fills in per language: the home greeting for each part of the day, with the first name's slot in it. */
export type FrameWords = Record<string, { greetings: Record<'morning' | 'afternoon' | 'evening', string> }>;
