import { queryOptions } from '@tanstack/react-query';
import type { MeDto, MeSignInSentDto } from '../../../shared/api-types';
import type { Language } from '../../../shared/i18n/languages';
import { ApiError, apiGet, apiPost } from '../../lib/api-client';

// My page's reads and writes (issue 47): the session cookie goes with every call (same site),
// never a token the page's script could read.

/** The person signed in on this browser; signed out (401) is data: null, the sign-in form. */
export const meQuery = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: async () => {
      try {
        return await apiGet<MeDto>('/api/me');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
  });

export const askForLink = (email: string, language: Language) => apiPost<MeSignInSentDto>('/api/me/sign-in', { email, language });
export const signInWithCode = (email: string, code: string) => apiPost<MeDto>('/api/me/sign-in/code', { email, code });
export const confirmLink = (token: string) => apiPost<MeDto>('/api/me/sign-in/confirm', { token });
export const signOut = () => apiPost<void>('/api/me/sign-out', {});
