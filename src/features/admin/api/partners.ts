import { queryOptions } from '@tanstack/react-query';
import type {
  AccrualResult,
  AdminPartner,
  AdminPartnerApplication,
  FlagDecision,
  FlagState,
  PartnerApplicationState,
  PartnerFlag,
  PartnerPayout,
  PartnerPlan,
} from '../../../../contract/partners';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';

/** POST/PUT body of a plan (contract/partners.schema.ts partnerPlanBodySchema). */
export type PartnerPlanBody = Pick<PartnerPlan, 'name' | 'currency' | 'cpa_threshold' | 'cpa_amount' | 'lot_rates' | 'second_level_bps' | 'auto_approve' | 'is_default'>;

export const adminPartnerKeys = { all: ['admin', 'partners'] as const };

/** GET /api/admin/partners/applications?state= */
export const partnerApplicationsQuery = (state: PartnerApplicationState) =>
  queryOptions({
    queryKey: [...adminPartnerKeys.all, 'applications', state] as const,
    queryFn: () => request<AdminPartnerApplication[]>('/api/admin/partners/applications', { query: { state }, loader: false }),
    ...FRESH_PER_VISIT,
  });

/** GET /api/admin/partner-plans */
export const partnerPlansQuery = () =>
  queryOptions({
    queryKey: [...adminPartnerKeys.all, 'plans'] as const,
    queryFn: () => request<PartnerPlan[]>('/api/admin/partner-plans', { loader: false }),
    ...FRESH_PER_VISIT,
  });

/** GET /api/admin/partners */
export const adminPartnersQuery = () =>
  queryOptions({
    queryKey: [...adminPartnerKeys.all, 'list'] as const,
    queryFn: () => request<AdminPartner[]>('/api/admin/partners', { loader: false }),
    ...FRESH_PER_VISIT,
  });

/** GET /api/admin/partners/flags?state= */
export const partnerFlagsQuery = (state: FlagState) =>
  queryOptions({
    queryKey: [...adminPartnerKeys.all, 'flags', state] as const,
    queryFn: () => request<PartnerFlag[]>('/api/admin/partners/flags', { query: { state }, loader: false }),
    ...FRESH_PER_VISIT,
  });

/** POST /api/admin/partners/applications/{id}/approve {plan_id?} (the default plan when left out); 409 when decided meanwhile. */
export const approveApplication = (id: number, planId?: number) =>
  request<AdminPartnerApplication>(`/api/admin/partners/applications/${id}/approve`, { method: 'POST', body: planId ? { plan_id: planId } : {} });

/** POST /api/admin/partners/applications/{id}/reject {reason} */
export const rejectApplication = (id: number, reason: string) =>
  request<AdminPartnerApplication>(`/api/admin/partners/applications/${id}/reject`, { method: 'POST', body: { reason } });

/** POST /api/admin/partner-plans, PUT /api/admin/partner-plans/{id} */
export const savePartnerPlan = (id: number | null, body: PartnerPlanBody) =>
  request<PartnerPlan>(id === null ? '/api/admin/partner-plans' : `/api/admin/partner-plans/${id}`, { method: id === null ? 'POST' : 'PUT', body });

/** POST /api/admin/partners {user_id, plan_id?}: make a client a partner directly. */
export const makePartner = (userId: number, planId?: number) =>
  request<AdminPartner>('/api/admin/partners', { method: 'POST', body: { user_id: userId, ...(planId ? { plan_id: planId } : {}) } });

/** PUT /api/admin/partners/{id}/plan {plan_id, effective_from?} */
export const assignPartnerPlan = (id: number, planId: number, effectiveFrom: string) =>
  request<AdminPartner>(`/api/admin/partners/${id}/plan`, { method: 'PUT', body: { plan_id: planId, ...(effectiveFrom ? { effective_from: effectiveFrom } : {}) } });

/** PUT /api/admin/partners/{id}/show-emails {show_emails} */
export const setShowEmails = (id: number, show: boolean) =>
  request<AdminPartner>(`/api/admin/partners/${id}/show-emails`, { method: 'PUT', body: { show_emails: show } });

/** POST /api/admin/partners/flags/{id}/resolve {decision} */
export const resolveFlag = (id: number, decision: FlagDecision) =>
  request<PartnerFlag>(`/api/admin/partners/flags/${id}/resolve`, { method: 'POST', body: { decision } });

/** POST /api/admin/partners/accrue {day?}: the daily reward job, run now. */
export const runAccrual = (day?: string) => request<AccrualResult>('/api/admin/partners/accrue', { method: 'POST', body: day ? { day } : {} });

/** A partner withdrawal as staff see it: with the partner. */
export type StaffPartnerPayout = PartnerPayout & { partner: { id: number; name: string; email: string } };

/** GET /api/admin/partners/payouts?status=pending: partner withdrawals waiting for staff. */
export const partnerWithdrawalsQuery = () =>
  queryOptions({
    queryKey: [...adminPartnerKeys.all, 'payouts', 'pending'] as const,
    queryFn: () => request<StaffPartnerPayout[]>('/api/admin/partners/payouts', { query: { status: 'pending' }, loader: false }),
    ...FRESH_PER_VISIT,
  });

/** POST /api/admin/partners/payouts/{id}/approve | reject {reason}: 409 when decided meanwhile. */
export const decidePartnerWithdrawal = (id: number, decision: 'approve' | 'reject', reason?: string) =>
  request<PartnerPayout>(`/api/admin/partners/payouts/${id}/${decision}`, { method: 'POST', body: decision === 'reject' ? { reason } : {} });
