import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './http-error.ts';
import { disposition } from './upload-parts.ts';

/** A file kept on disk: an identity document, a ticket or chat attachment, a prospectus, a data export. */
export interface StoredFile {
  path: string;
  fileName: string;
  size: number;
  mimeType: string;
}

/**
 * Sends a stored file to the one allowed to read it. A file missing on disk answers 404 like a
 * missing row; nothing is cached on the way; the sandbox keeps a crafted PDF or SVG from running
 * script on our origin.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  kind: 'inline' | 'attachment',
  /** What a file gone from disk answers; 404 unless its absence means something else (an expired export). */
  missing: () => Error = () => notFound(request.locale),
): Promise<FastifyReply> {
  const stream = createReadStream(file.path);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  }).catch(() => {
    throw missing();
  });
  return reply
    .header('content-disposition', disposition(kind, file.fileName))
    .header('content-length', String(file.size))
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .type(file.mimeType)
    .send(stream);
}
