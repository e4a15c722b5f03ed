import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SiteImageKind,
  SiteImageUploadDto,
  SiteSettingsDto,
  SiteSettingsHistoryEntryDto,
  SiteSettingsInput,
  SiteSettingsUpdateInput,
} from '../../../../shared/schemas/site-settings';
import { apiRequest, uploadWithProgress } from '../../../lib/api-client';

export const SITE_SETTINGS_KEY = ['/api/site-settings'] as const;
export const SITE_SETTINGS_HISTORY_KEY = ['/api/site-settings/history'] as const;

export const useSiteSettings = () => useQuery<SiteSettingsDto>({ queryKey: SITE_SETTINGS_KEY });

export const useSiteSettingsHistory = () => useQuery<SiteSettingsHistoryEntryDto[]>({ queryKey: SITE_SETTINGS_HISTORY_KEY });

/** Puts a new answer in the cache (the form resets from it) and refreshes the history. */
function useSettle() {
  const qc = useQueryClient();
  return (answer: SiteSettingsDto) => {
    qc.setQueryData(SITE_SETTINGS_KEY, answer);
    void qc.invalidateQueries({ queryKey: SITE_SETTINGS_HISTORY_KEY });
  };
}

/**
 * One PUT with the whole form and the version it was loaded with (409 when someone saved since),
 * in the shape GET answers: { settings, version }.
 */
export function useSaveSiteSettings() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ version, ...settings }: SiteSettingsInput & { version: number }) =>
      apiRequest<SiteSettingsDto>('PUT', '/api/site-settings', { settings, version } satisfies SiteSettingsUpdateInput),
    onSuccess: settle,
  });
}

export function useRestoreSiteSettings() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (entryId: number) => apiRequest<SiteSettingsDto>('POST', `/api/site-settings/history/${entryId}/restore`),
    onSuccess: settle,
  });
}

/** Stores the image (checked and converted like gallery uploads); the form then holds its URL until saved. */
export function useUploadSiteImage() {
  return useMutation({
    mutationFn: ({ kind, file, onProgress }: { kind: SiteImageKind; file: File; onProgress: (p: number) => void }) => {
      const form = new FormData();
      form.append('image', file, file.name);
      return uploadWithProgress<SiteImageUploadDto>(`/api/site-settings/images/${kind}`, form, onProgress);
    },
  });
}
