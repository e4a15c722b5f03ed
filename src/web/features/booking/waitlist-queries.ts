import { queryOptions } from '@tanstack/react-query';
import type { WaitlistEntryDto, WaitlistJoinedDto } from '../../../shared/api-types';
import { apiGet, apiPost, type GetJson } from '../../lib/api-client';
import { readLink } from '../../lib/link-read';

// The waiting list's reads and writes (issue 34): joining from the booking form, and the entry's
// page (/booking/waitlist/:token), whose writes are made on a button press only.

const entryUrl = (token: string) => `/api/waitlist/${encodeURIComponent(token)}`;

/** The entry behind a link, whatever became of it; a token never given is null, an erased person's ERASED_LINK. */
export const waitlistEntryQuery = (token: string, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['waitlist-entry', token],
    queryFn: () => readLink(() => get<WaitlistEntryDto>(entryUrl(token))),
  });

export interface WaitlistJoin {
  course: string;
  dateTime: string;
  name: string;
  email: string;
  phone: string | null;
  language: string;
}

export const joinWaitlist = (payload: WaitlistJoin) => apiPost<WaitlistJoinedDto>('/api/waitlist', payload);
export const acceptOffer = (token: string) => apiPost<WaitlistEntryDto>(`${entryUrl(token)}/accept`, {});
export const leaveWaitlist = (token: string) => apiPost<WaitlistEntryDto>(`${entryUrl(token)}/leave`, {});
