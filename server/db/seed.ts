import { EmailTakenError, type UserService } from '../services/users.ts';
import type { Db } from './schema.ts';
import { seedTradingDemo } from './seed-trading.ts';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'traderoom-demo';

export const DEMO_USERS = [
  { first_name: 'Alexandra', second_name: 'Morgan', email: 'admin@traderoom.test', roles: ['admin'] },
  { first_name: 'Daniel', second_name: 'Carter', email: 'client@traderoom.test', roles: ['client'] },
  { first_name: 'Maria', second_name: 'Kovalenko', email: 'second@traderoom.test', roles: ['client'] },
] as const;

/**
 * Creates the demo accounts (e-mails verified), and the demo clients' trading accounts with
 * some history, when the users table is empty.
 * Idempotent: a database that holds any user is left alone. Returns how many were created.
 */
export async function seedDemo(db: Db, users: UserService): Promise<number> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  let created = 0;
  for (const demo of DEMO_USERS) {
    try {
      await users.create({ ...demo, roles: [...demo.roles], password: DEMO_PASSWORD, verified: true });
      created += 1;
    } catch (error) {
      // Another process started at the same moment and seeded first.
      if (error instanceof EmailTakenError) continue;
      throw error;
    }
  }
  if (created > 0) await seedTradingDemo(db);
  return created;
}
