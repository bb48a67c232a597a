import type { PartnerApplication, PartnerLink, PartnerPayout, PayoutKind } from '../../../../contract/partners';
import { request } from '../../../lib/http';

/** POST /api/partner/application {website?, description}: 409 when already a partner or one is waiting. */
export const applyForPartnership = (body: { website: string; description: string }) =>
  request<PartnerApplication>('/api/partner/application', { method: 'POST', body: { website: body.website.trim() || null, description: body.description } });

/** POST /api/partner/links {campaign} */
export const createPartnerLink = (campaign: string) => request<PartnerLink>('/api/partner/links', { method: 'POST', body: { campaign } });

export interface PayoutRequest extends Record<string, unknown> {
  kind: PayoutKind;
  /** The API's decimal text. */
  amount: string;
  account_id?: number;
  payment_method_id?: number;
}

/** POST /api/partner/payouts with an Idempotency-Key (the poster's: one per request content). */
export const requestPayout = (poster: { post<T>(url: string, body: Record<string, unknown>): Promise<T> }, body: PayoutRequest) =>
  poster.post<PartnerPayout>('/api/partner/payouts', body);
