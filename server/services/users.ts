import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales.ts';
import { holdsRole, type Role, type User } from '../../contract/user.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { PasswordHasher } from './passwords.ts';

export interface UserRecord {
  id: number;
  first_name: string;
  second_name: string;
  email: string;
  email_verified_at: string | null;
  /** A new address waiting for confirmation (settings); `email` still counts until then. */
  pending_email: string | null;
  /** The language of the user's mail. */
  locale: Locale;
  created_at: string;
  roles: string[];
}

export interface NewUser {
  first_name: string;
  second_name: string;
  email: string;
  password: string;
  /** Roles by name; default `client`. */
  roles?: Role[];
  /** Mark the e-mail verified at creation (demo accounts). Default false. */
  verified?: boolean;
  /** The language of the user's mail. Default en. */
  locale?: Locale;
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The primary role, derived from the roles held: `admin` when held, else `client` when held,
 * else the first role held, else '' (no role: the app's role guard sends such a user to
 * "unauthorized", which a default of `client` never let happen).
 */
export function primaryRole(roles: readonly string[]): string {
  if (holdsRole(roles, 'admin')) return 'admin';
  if (holdsRole(roles, 'client')) return 'client';
  return roles[0] ?? '';
}

/** The user as the API answers it (GET /api/user, POST /api/register). */
export function toUserBody(user: UserRecord): User {
  return {
    id: user.id,
    first_name: user.first_name,
    second_name: user.second_name,
    email: user.email,
    email_verified_at: user.email_verified_at,
    pending_email: user.pending_email,
    roles: user.roles,
    role: primaryRole(user.roles),
    created_at: user.created_at,
  };
}

export interface UserService {
  findById(id: number): Promise<UserRecord | undefined>;
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /** Users waiting to confirm `email` as their new address. */
  findByPendingEmail(email: string): Promise<UserRecord[]>;
  findCredentials(email: string): Promise<{ id: number; password_hash: string; email_verified_at: string | null } | undefined>;
  passwordHashOf(id: number): Promise<string | undefined>;
  /** Whether a user other than `exceptId` holds `email`. */
  emailTaken(email: string, exceptId?: number): Promise<boolean>;
  /** Creates the user with its roles; throws EmailTakenError when the e-mail is in use. */
  create(input: NewUser): Promise<UserRecord>;
  setPasswordHash(id: number, passwordHash: string): Promise<void>;
  setLocale(id: number, locale: Locale): Promise<void>;
  markEmailVerified(id: number): Promise<void>;
  updateNames(id: number, names: { first_name: string; second_name: string }): Promise<void>;
  /** Sets (or clears, with null) the address waiting for confirmation. */
  setPendingEmail(id: number, email: string | null): Promise<void>;
  /** Makes the pending address the e-mail, verified now; throws EmailTakenError when someone took it meanwhile. */
  confirmPendingEmail(id: number): Promise<void>;
}

export function createUserService({ db, clock, passwords }: { db: Db; clock: Clock; passwords: PasswordHasher }): UserService {
  async function rolesOf(userId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('role_user')
      .innerJoin('roles', 'roles.id', 'role_user.role_id')
      .select('roles.name')
      .where('role_user.user_id', '=', userId)
      .orderBy('roles.name')
      .execute();
    return rows.map((r) => r.name);
  }

  async function findById(id: number): Promise<UserRecord | undefined> {
    const row = await db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row, await rolesOf(row.id));
  }

  async function touch(id: number, values: Partial<{ email: string; email_verified_at: string; pending_email: string | null; first_name: string; second_name: string; locale: string; password_hash: string }>) {
    await db
      .updateTable('users')
      .set({ ...values, updated_at: clock().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  return {
    findById,

    async findByEmail(email) {
      const row = await db.selectFrom('users').select(USER_COLUMNS).where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return row && toRecord(row, await rolesOf(row.id));
    },

    async findByPendingEmail(email) {
      const rows = await db.selectFrom('users').select(USER_COLUMNS).where('pending_email', '=', normalizeEmail(email)).execute();
      return Promise.all(rows.map(async (row) => toRecord(row, await rolesOf(row.id))));
    },

    findCredentials: (email) =>
      db
        .selectFrom('users')
        .select(['id', 'password_hash', 'email_verified_at'])
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst(),

    async passwordHashOf(id) {
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
      return row?.password_hash;
    },

    async emailTaken(email, exceptId) {
      let query = db.selectFrom('users').select('id').where('email', '=', normalizeEmail(email));
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async create(input) {
      const passwordHash = await passwords.hash(input.password);
      const now = clock().toISOString();
      const roleNames = input.roles ?? ['client'];
      try {
        const id = await db.transaction().execute(async (trx) => {
          const { id } = await trx
            .insertInto('users')
            .values({
              first_name: input.first_name,
              second_name: input.second_name,
              email: normalizeEmail(input.email),
              password_hash: passwordHash,
              email_verified_at: input.verified ? now : null,
              locale: input.locale ?? DEFAULT_LOCALE,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (roleNames.length > 0) {
            const roles = await trx.selectFrom('roles').select('id').where('name', 'in', roleNames).execute();
            if (roles.length !== roleNames.length) throw new Error(`Unknown role among ${roleNames.join(', ')}`);
            await trx
              .insertInto('role_user')
              .values(roles.map((role) => ({ user_id: id, role_id: role.id })))
              .execute();
          }
          return id;
        });
        return (await findById(id))!;
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailTakenError(input.email, { cause: error });
        throw error;
      }
    },

    setPasswordHash: (id, passwordHash) => touch(id, { password_hash: passwordHash }),
    setLocale: (id, locale) => touch(id, { locale }),
    markEmailVerified: (id) => touch(id, { email_verified_at: clock().toISOString() }),
    updateNames: (id, names) => touch(id, names),
    setPendingEmail: (id, email) => touch(id, { pending_email: email === null ? null : normalizeEmail(email) }),

    async confirmPendingEmail(id) {
      const row = await db.selectFrom('users').select('pending_email').where('id', '=', id).executeTakeFirst();
      if (!row?.pending_email) return;
      try {
        await touch(id, { email: row.pending_email, email_verified_at: clock().toISOString(), pending_email: null });
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailTakenError(row.pending_email, { cause: error });
        throw error;
      }
    },
  };
}

export const USER_COLUMNS = ['id', 'first_name', 'second_name', 'email', 'email_verified_at', 'pending_email', 'locale', 'created_at'] as const;

export function toRecord(
  row: { id: number; first_name: string; second_name: string; email: string; email_verified_at: string | null; pending_email: string | null; locale: string; created_at: string },
  roles: string[],
): UserRecord {
  // Field by field, not `{ ...row }`: the token's joined row carries more columns than the
  // user's, and a spread on every authenticated request was slow (docs/adr/0108).
  return {
    id: row.id,
    first_name: row.first_name,
    second_name: row.second_name,
    email: row.email,
    email_verified_at: row.email_verified_at,
    pending_email: row.pending_email,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    created_at: row.created_at,
    roles,
  };
}
