import type { Currency } from '../../contract/trading.ts';
import type { Db } from '../db/schema.ts';

export interface CurrencyService {
  list(): Promise<Currency[]>;
  find(id: number): Promise<Currency | undefined>;
}

export function createCurrencyService({ db }: { db: Db }): CurrencyService {
  const columns = ['id', 'code', 'name', 'precision'] as const;
  return {
    list: () => db.selectFrom('currencies').select(columns).orderBy('id').execute(),
    find: (id) => db.selectFrom('currencies').select(columns).where('id', '=', id).executeTakeFirst(),
  };
}
