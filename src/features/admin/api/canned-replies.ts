import { queryOptions } from '@tanstack/react-query';
import type { CannedReply } from '../../../../contract/chat';
import type { Locale } from '../../../../contract/locales';
import { request } from '../../../lib/http';

export interface CannedReplyDraft {
  lang: Locale;
  shortcut: string;
  text: string;
}

export const cannedRepliesKeys = { all: ['canned-replies'] as const };

/** GET /api/admin/canned-replies?lang=: one language's replies (every language without it), by shortcut. */
export function fetchCannedReplies(lang?: Locale): Promise<CannedReply[]> {
  return request<CannedReply[]>('/api/admin/canned-replies', { query: lang ? { lang } : {}, loader: false });
}

export const cannedRepliesQuery = (lang?: Locale) =>
  queryOptions({ queryKey: [...cannedRepliesKeys.all, lang ?? 'all'] as const, queryFn: () => fetchCannedReplies(lang), staleTime: 30_000, retry: false });

/** POST /api/admin/canned-replies, or PUT …/{id} when `id` is given. */
export function saveCannedReply(draft: CannedReplyDraft, id?: number): Promise<CannedReply> {
  return id === undefined
    ? request<CannedReply>('/api/admin/canned-replies', { method: 'POST', body: draft })
    : request<CannedReply>(`/api/admin/canned-replies/${id}`, { method: 'PUT', body: draft });
}

/** DELETE /api/admin/canned-replies/{id} */
export function deleteCannedReply(id: number): Promise<void> {
  return request<void>(`/api/admin/canned-replies/${id}`, { method: 'DELETE' });
}
