import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonalDataDto, PersonalDataErasedDto } from '../../../../shared/api-types';
import { apiFile, apiRequest } from '../../../lib/api-client';

export interface PersonKey {
  email: string;
  phone: string;
}

export const personQuery = (k: PersonKey) => {
  const params = new URLSearchParams();
  if (k.email.trim()) params.set('email', k.email.trim());
  if (k.phone.trim()) params.set('phone', k.phone.trim());
  return params.toString();
};

/** The records of the person searched; nothing is fetched before a search. */
export const usePersonalData = (k: PersonKey | null) =>
  useQuery<PersonalDataDto>({ queryKey: [`/api/personal-data?${k ? personQuery(k) : ''}`], enabled: k !== null, gcTime: 0 });

// The file's bytes as the server wrote them: text() would drop the CSV's BOM.
export const exportPersonalData = (k: PersonKey, format: 'json' | 'csv') => apiFile(`/api/personal-data/export?${personQuery(k)}&format=${format}`);

export function useErasePersonalData() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (k: PersonKey) =>
      apiRequest<PersonalDataErasedDto>('POST', '/api/personal-data/erase', {
        ...(k.email.trim() ? { email: k.email.trim() } : {}),
        ...(k.phone.trim() ? { phone: k.phone.trim() } : {}),
      }),
    // Bookings, messages and subscribers shown elsewhere changed too.
    onSettled: () => qc.invalidateQueries(),
  });
}

/** Total of records found, for the summary line and the erase button. */
export const recordCount = (d: PersonalDataDto) =>
  d.reservations.length +
  d.conversations.length +
  d.contactSubmissions.length +
  d.newsletterSubscriptions.length +
  d.outbox.length +
  d.emlFiles.length +
  d.inboundMails.length +
  d.heldMails.length +
  d.attachments.length +
  d.bounces.length +
  d.visaLetters.length;
