import type { CannedReply } from '../../contract/chat.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { fail } from './rule-error.ts';
import { NotFoundError } from './service-errors.ts';

export interface CannedReplyInput {
  lang: string;
  shortcut: string;
  text: string;
}

/** The replies staff insert in a chat with `/shortcut`: one set per client language. */
export interface CannedReplyService {
  /** Every reply of `lang` (all languages without it), by language and shortcut. */
  list(lang?: string): Promise<CannedReply[]>;
  /** A shortcut already used in that language is the `unique` rule on `shortcut`. */
  create(input: CannedReplyInput): Promise<CannedReply>;
  /** NotFoundError when there is no such reply. */
  update(id: number, input: CannedReplyInput): Promise<CannedReply>;
  remove(id: number): Promise<void>;
}

const COLUMNS = ['id', 'lang', 'shortcut', 'text', 'updated_at'] as const;

export function createCannedReplyService({ db, clock }: { db: Db; clock: Clock }): CannedReplyService {
  const byId = (id: number) => db.selectFrom('canned_replies').select(COLUMNS).where('id', '=', id).executeTakeFirst();

  /** Runs a write; the unique index, not a read before it, decides a taken shortcut, so two staff at once cannot both take it. */
  async function unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) fail('shortcut', 'unique');
      throw error;
    }
  }

  return {
    list: (lang) =>
      db
        .selectFrom('canned_replies')
        .select(COLUMNS)
        .$if(lang !== undefined, (q) => q.where('lang', '=', lang!))
        .orderBy('lang')
        .orderBy('shortcut')
        .execute(),

    async create({ lang, shortcut, text }) {
      const now = clock().toISOString();
      return unique(() =>
        db.insertInto('canned_replies').values({ lang, shortcut, text, created_at: now, updated_at: now }).returning(COLUMNS).executeTakeFirstOrThrow(),
      );
    },

    async update(id, { lang, shortcut, text }) {
      const updated = await unique(() =>
        db.updateTable('canned_replies').set({ lang, shortcut, text, updated_at: clock().toISOString() }).where('id', '=', id).executeTakeFirst(),
      );
      if (Number(updated.numUpdatedRows) === 0) throw new NotFoundError(`canned reply ${id}`);
      return (await byId(id))!;
    },

    async remove(id) {
      const deleted = await db.deleteFrom('canned_replies').where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError(`canned reply ${id}`);
    },
  };
}
