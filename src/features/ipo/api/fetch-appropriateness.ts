import { queryOptions } from '@tanstack/react-query';
import type { IpoAppropriateness, IpoTestQuestionId } from '../../../../contract/ipo';
import { request } from '../../../lib/http';
import { ipoKeys } from './fetch-offerings';

/** GET /api/ipo/appropriateness: passed, failed (why, and when to retake) or not taken. */
export const appropriatenessQuery = () =>
  queryOptions({
    queryKey: [...ipoKeys.all, 'appropriateness'] as const,
    queryFn: () => request<IpoAppropriateness>('/api/ipo/appropriateness', { loader: false }),
    staleTime: 0,
  });

/** POST /api/ipo/appropriateness */
export const takeTest = (answers: Record<IpoTestQuestionId, string>) =>
  request<IpoAppropriateness>('/api/ipo/appropriateness', { method: 'POST', body: { answers } });
