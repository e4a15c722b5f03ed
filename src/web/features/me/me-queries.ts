import { queryOptions } from '@tanstack/react-query';
import type { MeDto, MePageDto, MeSignInSentDto } from '../../../shared/api-types';
import type { Language } from '../../../shared/i18n/languages';
import { ApiError, apiGet, apiPost, apiRequest } from '../../lib/api-client';

// My page's reads and writes (issue 47): the session cookie goes with every call (same site),
// never a token the page's script could read.

/** The person signed in on this browser; signed out (401) is data: null, the sign-in form. */
export const meQuery = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: async () => {
      try {
        return await apiGet<MePageDto>('/api/me');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
  });

/** My page as it is now (after an action whose answer is not the page). */
export const readPage = () => apiGet<MePageDto>('/api/me');

export const askForLink = (email: string, language: Language) => apiPost<MeSignInSentDto>('/api/me/sign-in', { email, language });
export const signInWithCode = (email: string, code: string) => apiPost<MeDto>('/api/me/sign-in/code', { email, code });
export const confirmLink = (token: string) => apiPost<MeDto>('/api/me/sign-in/confirm', { token });

// My page's actions (decision 187): each answers the page as it is after it.
export type MeAction =
  | { kind: 'cancel'; id: number }
  | { kind: 'move'; id: number; sessionId: string }
  | { kind: 'lesson-move'; id: number; startsAt: string }
  | { kind: 'leave' | 'accept'; id: number }
  | { kind: 'flight'; id: number; flightNumber: string; arrivesAt: string }
  | { kind: 'dates'; id: number; checkIn: string; checkOut: string }
  | { kind: 'pause'; id: number; startsOn: string; days: number };

export function runMeAction(a: MeAction): Promise<MePageDto> {
  switch (a.kind) {
    case 'cancel':
      return apiPost(`/api/me/bookings/${a.id}/cancel`, {});
    case 'move':
      return apiPost(`/api/me/bookings/${a.id}/move`, { sessionId: a.sessionId });
    case 'lesson-move':
      return apiPost(`/api/me/lessons/${a.id}/move`, { startsAt: a.startsAt });
    case 'leave':
    case 'accept':
      return apiPost(`/api/me/waitlist/${a.id}/${a.kind}`, {});
    case 'flight':
      return apiRequest('PUT', `/api/me/orders/${a.id}/flight`, { flightNumber: a.flightNumber, arrivesAt: a.arrivesAt });
    case 'dates':
      return apiPost(`/api/me/orders/${a.id}/stay-dates`, { checkIn: a.checkIn, checkOut: a.checkOut });
    case 'pause':
      return apiPost(`/api/me/passes/${a.id}/pause`, { startsOn: a.startsOn, days: a.days });
  }
}

/** "Pay the balance": the order page's payment, opened through a key of its own. */
export const payLink = (orderId: number) => apiPost<{ url: string }>(`/api/me/orders/${orderId}/pay`, {});

export const askForLetter = (orderId: number, body: Record<string, string>) =>
  apiPost<{ status: string; warning?: string }>(`/api/me/orders/${orderId}/visa-letter`, body);

/** The sessions of one gym day (to move a booking to). */
export const sessionsOn = (date: string) =>
  apiGet<{ sessions: { id: string; course: string; time: string; spotsLeft: number }[] }>(`/api/sessions?from=${date}&days=1`);
