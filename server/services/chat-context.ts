import type { ContextTicket, RoomContext } from '../../contract/chat.ts';
import type { Db } from '../db/schema.ts';
import type { TradingAccountService } from './trading-accounts.ts';
import type { VerificationService } from './verification.ts';

/** The client's open tickets, from the tickets feature once it is installed. */
export type OpenTickets = (userId: number) => Promise<ContextTicket[]>;

export interface ChatContextService {
  /** Who the room's client is, for the staff beside the conversation. */
  context(clientId: number): Promise<RoomContext>;
}

export interface ChatContextDeps {
  db: Db;
  tradingAccounts: Pick<TradingAccountService, 'list'>;
  verification: Pick<VerificationService, 'overview'>;
  /** Absent: no tickets feature, and the answer has no `tickets` field. */
  openTickets?: OpenTickets | undefined;
  log?: { error(obj: object, msg: string): void };
}

export function createChatContextService({ db, tradingAccounts, verification, openTickets, log }: ChatContextDeps): ChatContextService {
  /** The accounts with the platform's balances; null when the platform does not answer, so the rest of the panel still shows. */
  async function accounts(clientId: number): Promise<RoomContext['accounts']> {
    try {
      const list = await tradingAccounts.list(clientId);
      return list.map((a) => ({
        id: a.id,
        number: a.number,
        type: a.type,
        currency: a.currency.code,
        precision: a.currency.precision,
        balance: a.balance,
        equity: a.equity,
        status: a.status,
      }));
    } catch (err) {
      log?.error({ err, clientId }, 'chat context: accounts not read');
      return null;
    }
  }

  function pendingRequests(clientId: number) {
    return (
      db
        .selectFrom('ledger_entries as e')
        .innerJoin('trading_accounts as a', 'a.id', 'e.account_id')
        .innerJoin('currencies as c', 'c.id', 'e.currency_id')
        .select(['e.id', 'e.kind', 'a.number as account_number', 'e.amount', 'c.code as currency', 'c.precision', 'e.created_at'])
        .where('e.user_id', '=', clientId)
        .where('e.kind', 'in', ['deposit', 'withdrawal'])
        .where('e.status', '=', 'pending')
        // Decided but in flight to the platform: no longer waiting on staff (as in the staff queue).
        .where('e.decided_at', 'is', null)
        .orderBy('e.created_at')
        .orderBy('e.id')
        .execute()
    );
  }

  return {
    async context(clientId) {
      const client = await db
        .selectFrom('users')
        .select(['id', 'first_name', 'second_name', 'email', 'locale', 'email_verified_at'])
        .where('id', '=', clientId)
        .executeTakeFirstOrThrow();
      const [overview, list, requests, tickets] = await Promise.all([
        verification.overview(clientId),
        accounts(clientId),
        pendingRequests(clientId),
        openTickets?.(clientId),
      ]);
      return {
        client: {
          id: client.id,
          first_name: client.first_name,
          second_name: client.second_name,
          email: client.email,
          locale: client.locale,
          email_verified: client.email_verified_at !== null,
        },
        verification: { verified: overview.verified, documents: overview.documents.map((d) => ({ kind: d.kind, status: d.status })) },
        accounts: list,
        pending_requests: requests.map((r) => ({ ...r, kind: r.kind as 'deposit' | 'withdrawal', amount: Number(r.amount) })),
        ...(tickets ? { tickets } : {}),
      };
    },
  };
}
