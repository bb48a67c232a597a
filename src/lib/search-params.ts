import { TICKET_AGES, TICKET_CATEGORIES, TICKET_STATUSES, type TicketAge, type TicketCategory, type TicketStatus } from '../../contract/tickets';
import { NOTIFICATION_FILTERS, type NotificationFilter } from '../../contract/notifications';
import { STRATEGY_PERIODS, STRATEGY_SORTS, type StrategyPeriod, type StrategySort } from '../../contract/investing';
import { LEDGER_KINDS, LEDGER_STATUSES, type LedgerKind, type LedgerStatus } from '../../contract/trading';

/**
 * The validated search params of the screens whose filters and page live in the address
 * (`validateSearch`): a value that is not valid is left out. Hand-written rather than zod: route
 * files are part of the entry chunk, and zod would put its weight on the sign-in path.
 */
type Search = Record<string, unknown>;

const oneOf = <T extends string>(values: readonly T[], value: unknown) => (values.includes(value as T) ? (value as T) : undefined);
/** A whole number from 1 (an id, a page); "2" from a hand-typed address counts too. */
const whole = (value: unknown) => (/^[1-9]\d{0,8}$/.test(String(value)) ? Number(value) : undefined);
/** A calendar day, `YYYY-MM-DD`. */
const day = (value: unknown) => (/^\d{4}-\d\d-\d\d$/.test(String(value)) && Date.parse(String(value)) ? String(value) : undefined);
/** Only the params that are set, so the address holds nothing else. */
const set = <T extends Search>(params: T) => JSON.parse(JSON.stringify(params)) as Partial<T>;

/** A history page token (`cursors` of /api/history): base64url. */
const pageToken = (value: unknown) => (typeof value === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined);

/** History: `account`, `type`, `status`, `from`, `to`, and the page: `cursor` (next/previous), or `page` (an older address). */
export const historySearch = (s: Search) =>
  set({
    account: whole(s.account),
    type: oneOf<LedgerKind>(LEDGER_KINDS, s.type),
    status: oneOf<LedgerStatus>(LEDGER_STATUSES, s.status),
    from: day(s.from),
    to: day(s.to),
    page: whole(s.page),
    cursor: pageToken(s.cursor),
  });

/** The notifications page: `filter` (`unread`; all when left out) and the `page`. */
export const notificationsSearch = (s: Search) => set({ filter: oneOf<NotificationFilter>(NOTIFICATION_FILTERS, s.filter), page: whole(s.page) });

/** Staff requests: the `status` tab and the `page`. */
export const walletRequestsSearch = (s: Search) => set({ status: oneOf<LedgerStatus>(LEDGER_STATUSES, s.status), page: whole(s.page) });

/** An account's page: the `page` of its deals. */
export const accountPageSearch = (s: Search) => set({ page: whole(s.page) });

/** An account's statement: the period, `from` and `to` (inclusive days). */
export const statementSearch = (s: Search) => set({ from: day(s.from), to: day(s.to) });

/** The staff's ticket queue: `status`, `category`, `assignee` (a staff id, `me` or `none`), `age`. */
export const ticketQueueSearch = (s: Search) =>
  set({
    status: oneOf<TicketStatus>(TICKET_STATUSES, s.status),
    category: oneOf<TicketCategory>(TICKET_CATEGORIES, s.category),
    assignee: s.assignee === 'me' || s.assignee === 'none' ? (s.assignee as 'me' | 'none') : whole(s.assignee),
    age: oneOf<TicketAge>(TICKET_AGES, s.age),
  });

/** A free text filter, trimmed; empty is unset. */
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined);

/** The staff audit log: `actor`, `action`, `object_type`, `from`, `to`, `page`. */
export const auditSearch = (s: Search) =>
  set({ actor: text(s.actor), action: text(s.action), object_type: text(s.object_type), from: day(s.from), to: day(s.to), page: whole(s.page) });
export type AuditSearch = ReturnType<typeof auditSearch>;

/** Staff's partner program: the `view` (applications when left out). */
export const adminPartnersSearch = (s: Search) =>
  set({ view: oneOf<'plans' | 'partners' | 'flags' | 'payouts'>(['plans', 'partners', 'flags', 'payouts'], s.view) });
/** The investing leaderboard's choices the address keeps: the most a client will put in at first (`min`, major units). */
export const INVEST_MIN_CAPS = ['0', '100', '1000', '10000'] as const;
export type InvestMinCap = (typeof INVEST_MIN_CAPS)[number];

/** The investing leaderboard: `period`, `sort`, `max_risk` (1–10), `currency` (a code) and `min` (a cap on the minimum investment). */
export const investingSearch = (s: Search) =>
  set({
    period: oneOf<StrategyPeriod>(STRATEGY_PERIODS, s.period),
    sort: oneOf<StrategySort>(STRATEGY_SORTS, s.sort),
    max_risk: /^([1-9]|10)$/.test(String(s.max_risk)) ? Number(s.max_risk) : undefined,
    currency: typeof s.currency === 'string' && /^[A-Z]{3}$/.test(s.currency) ? s.currency : undefined,
    min: oneOf<InvestMinCap>(INVEST_MIN_CAPS, String(s.min)),
  });
export type InvestingSearch = ReturnType<typeof investingSearch>;

/** A strategy's page: the `period` of its figures and chart. */
export const strategySearch = (s: Search) => set({ period: oneOf<StrategyPeriod>(STRATEGY_PERIODS, s.period) });
