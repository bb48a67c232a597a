/**
 * Settings → Privacy (docs/adr/0089): the export of a user's data and the closing of their account.
 * Shared by the server and the app; free of zod, which stays out of the app's shell.
 */

export const DATA_EXPORT_STATUSES = ['preparing', 'ready', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a ready export can be downloaded; the file is deleted after. */
export const EXPORT_TTL_HOURS = 24;
/** One new export per user within this many minutes. */
export const EXPORT_INTERVAL_MINUTES = 60;

/** The user's latest export as their screen shows it. */
export interface DataExport {
  id: number;
  status: DataExportStatus;
  requested_at: string;
  ready_at: string | null;
  /** Until when the ready file can be downloaded. */
  expires_at: string | null;
  /** Bytes of the ZIP while it is ready. */
  size: number | null;
  /** The owner's download address (with its unguessable token) while the export is ready; null otherwise. */
  download_url: string | null;
}

/** GET /api/privacy/export */
export interface DataExportStatusAnswer {
  export: DataExport | null;
  /** When a new export may be asked for, if not now. */
  next_request_at: string | null;
}

/** What stops an account from being closed, each with the trading account it is on (the partner wallet has none). */
export type ClosureBlocker =
  | { reason: 'balance'; account_number: string; currency: string; precision: number; amount: number }
  | { reason: 'positions'; account_number: string; count: number }
  | { reason: 'pending_request'; account_number: string; reference: string; kind: string; currency: string; precision: number; amount: number }
  | { reason: 'ipo_hold'; account_number: string; company: string; currency: string; precision: number; amount: number }
  /** Money left in the partner wallet (docs/adr/0099): withdraw it or transfer it to a trading account. */
  | { reason: 'partner_wallet'; currency: string; precision: number; amount: number }
  /** A partner withdrawal waiting for staff. */
  | { reason: 'partner_payout'; reference: string; currency: string; precision: number; amount: number };

/** GET /api/privacy/closure: empty `blockers` means the account can be closed now. */
export interface ClosureCheck {
  blockers: ClosureBlocker[];
}
