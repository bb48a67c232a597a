import type { AccountState } from '../../../contract/platform.ts';
import type { DailyReport } from '../port.ts';
import type { PlatformDb } from './tables.ts';

const DAY = 86_400_000;
const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/**
 * Balance and equity at the end of each UTC day in [from, to] that has ended, then now. The
 * balance is the sum of the account's deals up to the day's end (exact whatever ran when); the
 * equity is the snapshot the leader took as the day ended, or the balance when none was taken
 * (the platform was not running then, or nothing was open).
 */
export async function dailyReports(db: PlatformDb, login: string, range: { from: Date; to: Date }, state: AccountState, now: Date): Promise<DailyReport[]> {
  const firstDay = Date.parse(`${dayOf(range.from)}T00:00:00.000Z`);
  const today = Date.parse(`${dayOf(now)}T00:00:00.000Z`);
  const lastDay = Math.min(Date.parse(`${dayOf(range.to)}T00:00:00.000Z`), today - DAY);
  const out: DailyReport[] = [];
  if (lastDay >= firstDay) {
    const until = new Date(lastDay + DAY).toISOString();
    const [account, deals, snapshots] = await Promise.all([
      db.selectFrom('platform_accounts').select('created_at').where('login', '=', login).executeTakeFirstOrThrow(),
      db.selectFrom('platform_deals').select(['time', 'profit']).where('login', '=', login).where('time', '<', until).orderBy('time').orderBy('ticket').execute(),
      db
        .selectFrom('platform_equity')
        .select(['day', 'balance', 'equity'])
        .where('login', '=', login)
        .where('day', '>=', dayOf(new Date(firstDay)))
        .where('day', '<=', dayOf(new Date(lastDay)))
        .execute(),
    ]);
    const equityOn = new Map(snapshots.map((s) => [s.day, s.equity]));
    const opened = Date.parse(`${account.created_at.slice(0, 10)}T00:00:00.000Z`);
    let balance = 0;
    let i = 0;
    for (let day = firstDay; day <= lastDay; day += DAY) {
      const end = new Date(day + DAY).toISOString();
      while (i < deals.length && deals[i]!.time < end) balance += deals[i++]!.profit;
      if (day < opened) continue;
      const key = dayOf(new Date(day));
      out.push({ time: key, balance, equity: equityOn.get(key) ?? balance });
    }
  }
  out.push({ time: now.toISOString(), balance: state.balance, equity: state.equity });
  return out;
}
