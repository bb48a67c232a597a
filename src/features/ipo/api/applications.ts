import type { IpoApplication } from '../../../../contract/ipo';
import { request } from '../../../lib/http';

/** POST /api/ipo/offerings/{id}/applications: the amount is held on the account. */
export const applyFor = (offeringId: number, body: { account_id: string; amount: string }) =>
  request<IpoApplication>(`/api/ipo/offerings/${offeringId}/applications`, { method: 'POST', body });

/** PATCH /api/ipo/applications/{id} */
export const changeApplication = (id: number, amount: string) => request<IpoApplication>(`/api/ipo/applications/${id}`, { method: 'PATCH', body: { amount } });

/** POST /api/ipo/applications/{id}/cancel */
export const cancelApplication = (id: number) => request<IpoApplication>(`/api/ipo/applications/${id}/cancel`, { method: 'POST' });

/** POST /api/ipo/applications/{id}/reconfirm */
export const reconfirmApplication = (id: number) => request<IpoApplication>(`/api/ipo/applications/${id}/reconfirm`, { method: 'POST' });
