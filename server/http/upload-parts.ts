import type { FastifyRequest } from 'fastify';
import { t } from '../i18n/index.ts';
import type { StoredFile, VerificationService } from '../services/verification.ts';
import { HttpError, httpError } from './http-error.ts';

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

/** A stored upload as the routes check it: where it is, its name as sent, and whether the size limit cut it. */
export type StoredUpload = StoredFile & { originalName: string; truncated: boolean };

export interface SingleFileUpload {
  /** The text fields sent with it (the last of each name). */
  fields: Record<string, string>;
  /** The `file` part, stored; null when none came. */
  stored: StoredUpload | null;
}

/**
 * Reads a multipart body of one file (the part named `file`) and a few text fields, within the
 * limits the route's multipart context set: the file is stored as it streams in, any other file
 * part is drained. What was stored is removed again when the body fails. A second file beyond the
 * `files` limit is 422 "one file" where the route says so (`oneFile`); a body busboy cannot read
 * is 400; anything else is the route's error handler's.
 */
export async function readSingleFileUpload(
  request: FastifyRequest,
  storage: Pick<VerificationService, 'store' | 'discard'>,
  { fallbackName, oneFile }: { fallbackName?: string; oneFile: boolean },
): Promise<SingleFileUpload> {
  const { locale } = request;
  const fields: Record<string, string> = {};
  let stored: StoredUpload | null = null;
  try {
    if (request.isMultipart()) {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        } else if (part.fieldname === 'file' && !stored) {
          const file = await storage.store(part.file);
          stored = { ...file, originalName: cleanFileName(part.filename, fallbackName), truncated: part.file.truncated };
        } else {
          part.file.resume();
        }
      }
    }
  } catch (error) {
    if (stored) await storage.discard(stored.storageName);
    if (oneFile && (error as { code?: string }).code === 'FST_FILES_LIMIT') {
      const message = t(locale, 'verification.one_file');
      throw new HttpError(422, { message, errors: { file: [message] } });
    }
    if (isUnreadableUpload(error)) throw httpError(400, locale, 'http.invalid_multipart');
    throw error;
  }
  return { fields, stored };
}
