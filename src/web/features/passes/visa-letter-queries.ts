import { queryOptions } from '@tanstack/react-query';
import type { OrderVisaLetterDto, VisaLetterRequestedDto, VisaVerificationDto } from '../../../shared/api-types/visa-letters';
import type { VisaLetterRequestPayload } from '../../../shared/schemas/visa-letters';
import { ApiError, apiGet, apiPost, type GetJson } from '../../lib/api-client';

// The visa letter's reads and writes on the order page, and the verification page's read (issue 35).

const letterUrl = (token: string) => `/api/orders/by-token/${encodeURIComponent(token)}/visa-letter`;

/** The letter's PDF, a plain link (the browser downloads it). */
export const letterPdfUrl = (token: string) => `${letterUrl(token)}.pdf`;

/** Where the order's letter stands; null when the server cannot say (no form then). */
export const orderLetterQuery = (token: string, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['order-visa-letter', token],
    queryFn: async () => {
      try {
        return await get<OrderVisaLetterDto>(letterUrl(token));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

export const requestLetter = (token: string, body: VisaLetterRequestPayload) => apiPost<VisaLetterRequestedDto>(letterUrl(token), body);

/** A letter by its verification code; an unknown (or malformed) code is data: null. */
export const verifyQuery = (code: string, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['visa-verify', code],
    queryFn: async () => {
      try {
        return await get<VisaVerificationDto>(`/api/visa-letters/verify/${encodeURIComponent(code)}`);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }
    },
  });
