import { queryOptions } from '@tanstack/react-query';
import type { Currency } from '../../../../contract/trading';
import { request } from '../../../lib/http';

/** GET /api/currencies */
export function fetchCurrencies(): Promise<Currency[]> {
  return request<Currency[]>('/api/currencies', { loader: false });
}

export const currenciesQuery = () => queryOptions({ queryKey: ['currencies'] as const, queryFn: fetchCurrencies, retry: false });
