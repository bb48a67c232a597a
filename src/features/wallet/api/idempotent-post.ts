import { request } from '../../../lib/http';

/**
 * A wallet POST with an `Idempotency-Key`. The key belongs to the request's content: a retry of
 * the same content (after a timeout, a double click) reuses it, so the server moves money once;
 * changed content, or the next operation after a success, gets a new one.
 */
export function createIdempotentPoster() {
  let last: { content: string; key: string } | null = null;
  return {
    post<T>(url: string, body: Record<string, unknown>): Promise<T> {
      const content = JSON.stringify([url, body]);
      if (last?.content !== content) last = { content, key: crypto.randomUUID() };
      return request<T>(url, { method: 'POST', body, headers: { 'Idempotency-Key': last.key } });
    },
    /** After a success: the next request is a new operation. */
    done() {
      last = null;
    },
  };
}
