import type { User } from '../../src/contract/user.ts';
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
  created_at: string;
  roles: string[];
}

export interface NewUser {
  first_name: string;
  second_name: string;
  email: string;
  password: string;
  /** Roles by name; default `client`. */
  roles?: string[];
  /** Mark the e-mail verified at creation (demo accounts). Default false. */
  verified?: boolean;
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user as the API answers it (GET /api/user, POST /api/register). */
export function toUserBody(user: UserRecord): User {
  return {
    id: user.id,
    first_name: user.first_name,
    second_name: user.second_name,
    email: user.email,
    email_verified_at: user.email_verified_at,
    roles: user.roles,
    role: user.roles.includes('admin') ? 'admin' : 'client',
    created_at: user.created_at,
  };
}

export interface UserService {
  findById(id: number): Promise<UserRecord | undefined>;
  findCredentials(email: string): Promise<{ id: number; password_hash: string } | undefined>;
  emailTaken(email: string): Promise<boolean>;
  /** Creates the user with its roles; throws EmailTakenError when the e-mail is in use. */
  create(input: NewUser): Promise<UserRecord>;
  setPasswordHash(id: number, passwordHash: string): Promise<void>;
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
      .select(['id', 'first_name', 'second_name', 'email', 'email_verified_at', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, roles: await rolesOf(row.id) };
  }

  return {
    findById,

    findCredentials: (email) =>
      db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', normalizeEmail(email)).executeTakeFirst(),

    async emailTaken(email) {
      const row = await db.selectFrom('users').select('id').where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return row !== undefined;
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

    async setPasswordHash(id, passwordHash) {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: clock().toISOString() })
        .where('id', '=', id)
        .execute();
    },
  };
}
