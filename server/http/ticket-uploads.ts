import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENTS_MAX } from '../../contract/tickets.ts';
import { t } from '../i18n/index.ts';
import type { TicketFile } from '../services/tickets.ts';
import type { StoredFile } from '../services/verification.ts';
import { HttpError, httpError } from './http-error.ts';
import { check, validationFailed } from './validation.ts';
import { cleanFileName, isUnreadableUpload } from './upload-parts.ts';

/** Multipart overhead allowed on top of the files (boundaries, headers, the text fields). */
const MULTIPART_SLACK_BYTES = 128 * 1024;
export const TICKET_UPLOAD_MAX_BYTES = TICKET_ATTACHMENTS_MAX * TICKET_ATTACHMENT_MAX_BYTES + MULTIPART_SLACK_BYTES;

/** @fastify/multipart's limits for a ticket's form: three files of 10 MB, a few text fields. */
export const TICKET_MULTIPART_LIMITS = {
  fileSize: TICKET_ATTACHMENT_MAX_BYTES,
  files: TICKET_ATTACHMENTS_MAX,
  fields: 6,
  fieldSize: 64 * 1024,
  parts: 10,
  headerPairs: 50,
};

/** Refuses a declared length over the limit before anything is read (multipart is streamed, so bodyLimit does not apply). */
export async function refuseOversizedTicketUpload(request: FastifyRequest): Promise<void> {
  if (Number(request.headers['content-length']) > TICKET_UPLOAD_MAX_BYTES) {
    throw new HttpError(413, { message: t(request.locale, 'verification.file_too_large', { max: TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024 }) });
  }
}

/**
 * Reads a ticket form (text fields and up to three `files`), storing each file as identity
 * documents are stored (`store`, type told by content), then checks the fields against `schema`.
 * Anything refused is removed again and answered as the contract's 422 in the caller's language.
 */
export async function readTicketForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  storage: { store: (stream: NodeJS.ReadableStream & import('node:stream').Readable) => Promise<StoredFile>; discard: (name: string) => Promise<void> },
): Promise<{ fields: z.output<S>; files: TicketFile[] }> {
  const { locale } = request;
  const fields: Record<string, string> = {};
  const stored: Array<StoredFile & { originalName: string; truncated: boolean }> = [];
  const discardAll = () => Promise.all(stored.map((file) => storage.discard(file.storageName)));
  try {
    if (request.isMultipart()) {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          // An empty field is a missing one: "required", as a JSON body without it would say.
          if (typeof part.value === 'string' && part.value !== '') fields[part.fieldname] = part.value;
        } else if (part.fieldname === 'files' || part.fieldname === 'files[]') {
          const file = await storage.store(part.file);
          // An empty file input still sends an empty part: it is no attachment.
          if (file.size === 0 && !part.filename) await storage.discard(file.storageName);
          else stored.push({ ...file, originalName: cleanFileName(part.filename, 'attachment'), truncated: part.file.truncated });
        } else {
          part.file.resume();
        }
      }
    }
  } catch (error) {
    await discardAll();
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      const message = t(locale, 'tickets.too_many_files', { max: TICKET_ATTACHMENTS_MAX });
      throw new HttpError(422, { message, errors: { files: [message] } });
    }
    if (isUnreadableUpload(error)) throw httpError(400, locale, 'http.invalid_multipart');
    throw error;
  }

  const checked = check(schema, fields);
  const fileMessages: string[] = [];
  for (const file of stored) {
    if (file.truncated) fileMessages.push(t(locale, 'verification.file_too_large', { max: TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024 }));
    else if (!file.mimeType || file.size === 0) fileMessages.push(t(locale, 'verification.file_type'));
  }
  if (!checked.ok || fileMessages.length > 0) {
    await discardAll();
    // A field left out is "required" whatever its type (zod calls a missing choice "invalid").
    const failures = checked.ok ? [] : checked.failures.map((f) => (fields[f.field] === undefined ? { ...f, rule: 'required' as const } : f));
    const errors: Record<string, string[]> = checked.ok ? {} : { ...validationFailed(locale, failures).body.errors };
    if (fileMessages.length > 0) errors.files = [fileMessages[0]!];
    const all = Object.values(errors).flat();
    throw new HttpError(422, {
      message: all.length > 1 ? `${all[0]} ${t(locale, 'validation.more', { count: all.length - 1 })}` : all[0]!,
      errors,
    });
  }
  return { fields: checked.data, files: stored.map(({ truncated: _t, ...file }) => ({ ...file, mimeType: file.mimeType! })) };
}
