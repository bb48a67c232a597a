import type { CannedReply } from '../../../contract/chat';

/** Most suggestions the composer lists at once. */
export const SUGGESTIONS_MAX = 8;

/** A `/word` being typed at the end of the draft (at its start or after a space): the word, else null. */
export function slashQuery(draft: string): string | null {
  const match = /(?:^|\s)\/([\p{L}\p{N}_-]*)$/u.exec(draft);
  return match ? match[1]!.toLowerCase() : null;
}

/** Replies whose shortcut starts with the word, then those whose shortcut or text holds it. */
export function matchReplies(replies: readonly CannedReply[], query: string): CannedReply[] {
  const starts = replies.filter((r) => r.shortcut.toLowerCase().startsWith(query));
  const holds = replies.filter((r) => !starts.includes(r) && (r.shortcut.toLowerCase().includes(query) || r.text.toLowerCase().includes(query)));
  return [...starts, ...holds].slice(0, SUGGESTIONS_MAX);
}

/** The draft with its trailing `/word` replaced by the reply's text. */
export function insertReply(draft: string, reply: Pick<CannedReply, 'text'>): string {
  return draft.replace(/\/[\p{L}\p{N}_-]*$/u, reply.text);
}
