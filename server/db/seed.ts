import { EmailTakenError, type UserService } from '../services/seeding.ts';
import { LOCALES } from '../../contract/locales.ts';
import { addDays } from '../../contract/time-zone.ts';
import { SEED_ARTICLES } from './content/articles.ts';
import { CALENDAR_SEED_DAYS_AFTER, CALENDAR_SEED_DAYS_BEFORE, WEEKLY_RELEASES } from './content/calendar-events.ts';
import type { Db } from './schema.ts';
import { type SeedPlatform, seedTradingDemo } from './seed-trading.ts';
import { seedIpo } from './seed-ipo.ts';
import { seedInvesting } from './seed-investing.ts';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'traderoom-demo';

/**
 * The demo admin's authenticator key (base32): staff need a second factor to reach the
 * administration, so the demo admin is enrolled with this key; add it to an authenticator app
 * (README, demo accounts), or compute codes from it in tests. Demo data only, like the password.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPTRADEROOMDEMOADM';

/** `registeredDaysAgo`: before the oldest of their trading accounts, so "With us since" reads true. */
export const DEMO_USERS = [
  { first_name: 'Alexandra', second_name: 'Morgan', email: 'admin@traderoom.test', roles: ['admin'], registeredDaysAgo: 400 },
  { first_name: 'Daniel', second_name: 'Carter', email: 'client@traderoom.test', roles: ['client'], registeredDaysAgo: 150 },
  { first_name: 'Maria', second_name: 'Kovalenko', email: 'second@traderoom.test', roles: ['client'], registeredDaysAgo: 45 },
] as const;

const DAY_MS = 86_400_000;

/** How the seed enrols the demo admin's authenticator (services/second-factor.ts). */
export interface DemoSecondFactor {
  enrolKnown(userId: number, secret: string): Promise<void>;
}

/**
 * Creates the demo accounts (e-mails verified) and the demo clients' trading accounts with some
 * history when the users table is empty, and the demo
 * articles and calendar when theirs are. Idempotent: each part leaves a table that holds rows
 * alone. Returns how many accounts were created. With the trading platform, the trading accounts
 * are opened there and their money booked (seed-trading.ts).
 */
export async function seedDemo(
  db: Db,
  users: UserService,
  { now = new Date(), platform, secondFactor }: { now?: Date; platform?: SeedPlatform; secondFactor?: DemoSecondFactor } = {},
): Promise<number> {
  await seedArticles(db, now);
  await seedCalendar(db, now);
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) {
    // A database seeded before the IPO and copy-trading features still gets their demo data.
    await seedIpo(db, now);
    if (platform) await seedInvesting(db, users, now, platform, DEMO_PASSWORD);
    return 0;
  }
  let created = 0;
  for (const { registeredDaysAgo, ...demo } of DEMO_USERS) {
    try {
      const user = await users.create({ ...demo, roles: [...demo.roles], password: DEMO_PASSWORD, verified: true });
      const registered = new Date(now.getTime() - registeredDaysAgo * DAY_MS).toISOString();
      await db.updateTable('users').set({ created_at: registered, updated_at: registered }).where('id', '=', user.id).execute();
      if (demo.roles.includes('admin' as never)) await secondFactor?.enrolKnown(user.id, DEMO_ADMIN_TOTP_SECRET);
      created += 1;
    } catch (error) {
      // Another process started at the same moment and seeded first.
      if (error instanceof EmailTakenError) continue;
      throw error;
    }
  }
  if (created > 0) await seedTradingDemo(db, now, platform);
  await seedIpo(db, now);
  if (platform) await seedInvesting(db, users, now, platform, DEMO_PASSWORD);
  return created;
}

const HOUR_MS = 3_600_000;

/** The demo articles, each with a translation in every language, published `hoursAgo` before `now`. */
export async function seedArticles(db: Db, now: Date): Promise<number> {
  if (await db.selectFrom('articles').select('id').limit(1).executeTakeFirst()) return 0;
  const stamp = now.toISOString();
  // One transaction: a half-seeded table would never be completed (seeding skips a table with rows).
  return db.transaction().execute(async (trx) => {
    let translations = 0;
    for (const article of SEED_ARTICLES) {
      const { id } = await trx
        .insertInto('articles')
        .values({ slug: article.slug, cover_image: `/images/articles/${article.cover}.svg`, category: article.category, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      const published_at = new Date(now.getTime() - article.hoursAgo * HOUR_MS).toISOString();
      const rows = LOCALES.map((lang) => ({ article_id: id, lang, ...article.text[lang], published_at, created_at: stamp, updated_at: stamp }));
      await trx.insertInto('article_translations').values(rows).execute();
      translations += rows.length;
    }
    return translations;
  });
}

/**
 * The weekly releases over the days around `now` (UTC days), so the calendar screens have a
 * past week with actual figures and the coming days with forecasts.
 */
export async function seedCalendar(db: Db, now: Date): Promise<number> {
  if (await db.selectFrom('calendar_events').select('id').limit(1).executeTakeFirst()) return 0;
  const today = now.toISOString().slice(0, 10);
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    let seeded = 0;
    for (let offset = -CALENDAR_SEED_DAYS_BEFORE; offset <= CALENDAR_SEED_DAYS_AFTER; offset++) {
      const day = addDays(today, offset);
      const weekday = (Date.parse(`${day}T00:00:00Z`) / 86_400_000 + 4) % 7 || 7;
      for (const release of WEEKLY_RELEASES.filter((r) => r.weekday === weekday)) {
        const startsAt = new Date(`${day}T${release.time}:00.000Z`);
        const { id } = await trx
          .insertInto('calendar_events')
          .values({
            starts_at: startsAt.toISOString(),
            country: release.country,
            currency: release.currency,
            importance: release.importance,
            actual: startsAt < now ? release.actual : null,
            forecast: release.forecast,
            previous: release.previous,
            created_by: null,
            created_at: stamp,
            updated_at: stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('calendar_event_translations')
          .values(LOCALES.map((lang) => ({ event_id: id, lang, title: release.title[lang] })))
          .execute();
        seeded += 1;
      }
    }
    return seeded;
  });
}
