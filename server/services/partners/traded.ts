import type { Db } from '../../db/schema.ts';
import type { TradingPlatform } from '../../platform/port.ts';

/**
 * Lots the attributed clients traded on their live accounts, read from the platform's deals as the
 * daily accrual reads them (trade deals; every instrument belongs to a plan's group), so a deal shows in the
 * statistics at once; the rewards for it still come with the daily run (docs/adr/0099).
 */
export interface TradedVolume {
  perClient: Map<number, number>;
  perDay: Map<string, number>;
}

/** The platform is asked in slices: one query per slice, however many clients. */
const LOGINS_PER_CALL = 500;

const lots = (n: number) => Math.round(n * 100) / 100;

export async function tradedVolume(db: Db, platform: TradingPlatform, clientIds: readonly number[], range: { from: Date; to: Date }): Promise<TradedVolume> {
  const perClient = new Map<number, number>();
  const perDay = new Map<string, number>();
  if (clientIds.length === 0) return { perClient, perDay };
  const owners = new Map<string, number>();
  for (let i = 0; i < clientIds.length; i += LOGINS_PER_CALL) {
    const accounts = await db
      .selectFrom('trading_accounts')
      .select(['number', 'user_id'])
      .where('user_id', 'in', clientIds.slice(i, i + LOGINS_PER_CALL))
      .where('type', '=', 'live')
      .execute();
    for (const a of accounts) owners.set(a.number, a.user_id);
  }
  const logins = [...owners.keys()];
  for (let i = 0; i < logins.length; i += LOGINS_PER_CALL) {
    const { byLogin, byDay } = await platform.dealVolumes(logins.slice(i, i + LOGINS_PER_CALL), range);
    for (const row of byLogin) {
      const client = owners.get(row.login)!;
      perClient.set(client, (perClient.get(client) ?? 0) + row.volume);
    }
    for (const row of byDay) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.volume);
  }
  for (const [k, v] of perClient) perClient.set(k, lots(v));
  for (const [k, v] of perDay) perDay.set(k, lots(v));
  return { perClient, perDay };
}
