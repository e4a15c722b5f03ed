import { queryOptions } from '@tanstack/react-query';
import type { OffersDto } from '../../../shared/api-types/offers';
import { apiGet, type GetJson } from '../../lib/api-client';

export type { OffersDto };

/**
 * GET /api/offers: what the booking journey can sell now (issue 46 §2), read by the server when it
 * renders /booking. Server HTML only: no island reads it, so it adds nothing to the page's script.
 */
export const offersQuery = (get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['offers'],
    queryFn: () => get<OffersDto>('/api/offers'),
  });
