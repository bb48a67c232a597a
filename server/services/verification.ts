import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'kysely';
import {
  type AdminVerification,
  DOCUMENT_KINDS,
  type DocumentKind,
  type DocumentMimeType,
  type DocumentStatus,
  type VerificationDocument,
  type VerificationOverview,
} from '../../contract/verification.ts';
import type { Db, VerificationDocumentsTable } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { DocumentState, Timeline } from '../../contract/lifecycle.ts';
import { identityDocumentMachine } from '../../machines/identity-document/identity-document.machine.ts';
import { type LifecycleDefinition, type Lifecycles, TransitionRefused } from './lifecycle.ts';
import { NotFoundError } from './service-errors.ts';

/** Identity documents: their machine, stored in `verification_documents.state` (docs/adr/0082). */
export const identityDocumentLifecycle = {
  kind: 'identity_document',
  machine: identityDocumentMachine,
  table: 'verification_documents',
  column: 'state',
} as const satisfies LifecycleDefinition<typeof identityDocumentMachine>;

/** Magic numbers of the accepted types. */
const SIGNATURES: { mime: DocumentMimeType; bytes: number[] }[] = [
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];
const HEAD_BYTES = 8;

/** The type a file's first bytes announce, or null when it is none of the accepted ones. */
export function detectMimeType(head: Uint8Array): DocumentMimeType | null {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, i) => head[i] === byte))?.mime ?? null;
}

/** A file written to the upload directory, not yet recorded. */
export interface StoredFile {
  storageName: string;
  size: number;
  mimeType: DocumentMimeType | null;
}

type Row = Pick<
  VerificationDocumentsTable,
  'kind' | 'status' | 'original_name' | 'mime_type' | 'size' | 'submitted_at' | 'reviewed_at' | 'rejection_reason' | 'expected_at'
> & { id: number; state: DocumentState };

const DOCUMENT_COLUMNS = [
  'verification_documents.id',
  'verification_documents.kind',
  'verification_documents.status',
  'verification_documents.original_name',
  'verification_documents.mime_type',
  'verification_documents.size',
  'verification_documents.submitted_at',
  'verification_documents.reviewed_at',
  'verification_documents.rejection_reason',
  'verification_documents.state',
  'verification_documents.expected_at',
] as const;

function toDocument(row: Row): VerificationDocument {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    status: row.status as DocumentStatus,
    file_name: row.original_name,
    mime_type: row.mime_type as DocumentMimeType,
    size: row.size,
    submitted_at: row.submitted_at,
    reviewed_at: row.reviewed_at,
    rejection_reason: row.rejection_reason,
    state: row.state,
    expected_at: row.expected_at,
  };
}

export type SubmitResult = { ok: true; document: VerificationDocument } | { ok: false; reason: 'pending' | 'approved' };
export type ReviewResult = { ok: true; document: AdminVerification } | { ok: false; reason: 'not-found' | 'reviewed' };

export interface VerificationService {
  overview(userId: number): Promise<VerificationOverview>;
  /** Streams an upload into UPLOAD_DIR under a random name, noting its size and its type by content. */
  store(stream: Readable): Promise<StoredFile>;
  /** Removes a stored file that will not be recorded (or whose record is gone). */
  discard(storageName: string): Promise<void>;
  /** Where a stored file is (chat files share this storage). */
  pathOf(storageName: string): string;
  /** Records a stored file as the user's new document of `kind`, unless one is pending or approved. */
  submit(userId: number, kind: DocumentKind, file: StoredFile & { mimeType: DocumentMimeType; originalName: string }): Promise<SubmitResult>;
  /** The document's owner and where its file is, for the download check. */
  locate(id: number): Promise<{ userId: number; path: string; fileName: string; mimeType: string; size: number } | undefined>;
  queue(status: DocumentStatus | undefined): Promise<AdminVerification[]>;
  approve(id: number, reviewerId: number): Promise<ReviewResult>;
  reject(id: number, reviewerId: number, reason: string): Promise<ReviewResult>;
  /** Staff take the document into review, optionally saying when to expect the decision. */
  startReview(id: number, reviewerId: number, expectedAt: string | null): Promise<ReviewResult>;
  /** A document's timeline; `ownerId` limits it to that client's documents (another's reads as missing). */
  timeline(id: number, ownerId?: number): Promise<Timeline | null>;
}

/** Most rows the admin queue answers at once. */
export const QUEUE_LIMIT = 200;

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  uploadDir: string;
  lifecycles: Lifecycles;
}

export function createVerificationService({ db, clock, uploadDir, lifecycles }: VerificationDeps): VerificationService {
  let dirReady = false;
  const ensureDir = () => {
    if (!dirReady) mkdirSync(uploadDir, { recursive: true, mode: 0o700 });
    dirReady = true;
  };

  async function latest(userId: number, kind: DocumentKind): Promise<Row | undefined> {
    return db
      .selectFrom('verification_documents')
      .select(DOCUMENT_COLUMNS)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async function adminView(id: number): Promise<AdminVerification | undefined> {
    const row = await db
      .selectFrom('verification_documents')
      .innerJoin('users', 'users.id', 'verification_documents.user_id')
      .select([...DOCUMENT_COLUMNS, 'users.id as user_id', 'users.first_name', 'users.second_name', 'users.email'])
      .where('verification_documents.id', '=', id)
      .executeTakeFirst();
    return row && withUser(row);
  }

  function withUser(row: Row & { user_id: number; first_name: string; second_name: string; email: string }): AdminVerification {
    return {
      ...toDocument(row),
      user: { id: row.user_id, first_name: row.first_name, second_name: row.second_name, email: row.email },
    };
  }

  /** One review step through the document's machine: the stored state must still be the one read (two reviewers: one wins). */
  async function review(
    id: number,
    reviewerId: number,
    event: { type: 'document.review'; expected_at: string | null } | { type: 'document.approve' } | { type: 'document.reject'; reason: string },
  ): Promise<ReviewResult> {
    const row = await db.selectFrom('verification_documents').select('state').where('id', '=', id).executeTakeFirst();
    if (!row) return { ok: false, reason: 'not-found' };
    const now = clock().toISOString();
    const set =
      event.type === 'document.review'
        ? { expected_at: event.expected_at }
        : event.type === 'document.approve'
          ? { status: 'approved', rejection_reason: null, reviewer_id: reviewerId, reviewed_at: now, expected_at: null }
          : { status: 'rejected', rejection_reason: event.reason, reviewer_id: reviewerId, reviewed_at: now, expected_at: null };
    try {
      await lifecycles.transition(db, identityDocumentLifecycle, { id, from: row.state, event, actor: { id: reviewerId, role: 'staff' }, set });
    } catch (error) {
      if (error instanceof NotFoundError) return { ok: false, reason: 'not-found' };
      if (error instanceof TransitionRefused) return { ok: false, reason: 'reviewed' };
      throw error;
    }
    const document = await adminView(id);
    if (!document) return { ok: false, reason: 'not-found' };
    return { ok: true, document };
  }

  return {
    async overview(userId) {
      const documents = await Promise.all(
        DOCUMENT_KINDS.map(async (kind) => {
          const row = await latest(userId, kind);
          return { kind, status: row ? (row.status as DocumentStatus) : ('not_submitted' as const), document: row ? toDocument(row) : null };
        }),
      );
      return { verified: documents.every((d) => d.status === 'approved'), documents };
    },

    async store(stream) {
      ensureDir();
      const storageName = randomBytes(16).toString('hex');
      const out = createWriteStream(join(uploadDir, storageName), { flags: 'wx', mode: 0o600 });
      let head = Buffer.alloc(0);
      let size = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
          size += chunk.length;
          if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
        out.end();
        await finished(out);
      } catch (error) {
        out.destroy();
        await unlink(join(uploadDir, storageName)).catch(() => {});
        throw error;
      }
      return { storageName, size, mimeType: detectMimeType(head) };
    },

    discard: (storageName) => unlink(join(uploadDir, storageName)).catch(() => {}),
    pathOf: (storageName) => join(uploadDir, storageName),

    async submit(userId, kind, file) {
      const current = await latest(userId, kind);
      if (current?.status === 'pending' || current?.status === 'approved') return { ok: false, reason: current.status };
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('verification_documents')
          .values({
            user_id: userId,
            kind,
            status: 'pending',
            state: 'uploaded',
            original_name: file.originalName,
            mime_type: file.mimeType,
            size: file.size,
            storage_name: file.storageName,
            submitted_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await lifecycles.record(trx, identityDocumentLifecycle, id, { id: userId, role: 'client' }, now);
      });
      return { ok: true, document: toDocument((await latest(userId, kind))!) };
    },

    async locate(id) {
      const row = await db
        .selectFrom('verification_documents')
        .select(['user_id', 'storage_name', 'original_name', 'mime_type', 'size'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { userId: row.user_id, path: join(uploadDir, row.storage_name), fileName: row.original_name, mimeType: row.mime_type, size: row.size };
    },

    async queue(status) {
      let query = db
        .selectFrom('verification_documents')
        .innerJoin('users', 'users.id', 'verification_documents.user_id')
        .select([...DOCUMENT_COLUMNS, 'users.id as user_id', 'users.first_name', 'users.second_name', 'users.email']);
      if (status) query = query.where('verification_documents.status', '=', status);
      const rows = await query
        // Pending first, oldest first (a queue); then reviewed ones, newest first.
        .orderBy(sql`case when verification_documents.status = 'pending' then 0 else 1 end`)
        .orderBy(sql`case when verification_documents.status = 'pending' then verification_documents.submitted_at end`)
        .orderBy('verification_documents.submitted_at', 'desc')
        .orderBy('verification_documents.id', 'desc')
        .limit(QUEUE_LIMIT)
        .execute();
      return rows.map(withUser);
    },

    approve: (id, reviewerId) => review(id, reviewerId, { type: 'document.approve' }),
    reject: (id, reviewerId, reason) => review(id, reviewerId, { type: 'document.reject', reason }),
    startReview: (id, reviewerId, expectedAt) => review(id, reviewerId, { type: 'document.review', expected_at: expectedAt }),

    async timeline(id, ownerId) {
      const row = await db.selectFrom('verification_documents').select('user_id').where('id', '=', id).executeTakeFirst();
      if (!row || (ownerId !== undefined && row.user_id !== ownerId)) return null;
      return lifecycles.timeline(db, identityDocumentLifecycle, id);
    },
  };
}
