import { HttpError } from './http-error.ts';

const FILE_NAME_MAX = 255;

/** A display name: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined, fallback = 'document'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, FILE_NAME_MAX);
  return cleaned || fallback;
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * What busboy throws on a body it cannot read (no boundary, a wrong one, a body cut off): plain
 * errors with no status. Errors with a status (multipart's limits) and the file system's (they
 * carry a syscall) are answered as they are.
 */
export function isUnreadableUpload(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof HttpError) return false;
  return (error as { statusCode?: unknown }).statusCode === undefined && (error as { syscall?: unknown }).syscall === undefined;
}
