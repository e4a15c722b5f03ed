import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CampaignAudienceCountDto,
  CampaignDetailDto,
  CampaignDto,
  CampaignPreviewDto,
  CampaignRecipientDto,
} from '../../../../shared/api-types/campaigns';
import type { Language } from '../../../../shared/i18n/languages';
import type {
  CampaignAudience,
  CampaignPatch,
  CampaignPayload,
  CampaignRecipientStatus,
  CampaignSchedulePayload,
  CampaignTestPayload,
} from '../../../../shared/schemas/campaigns';
import { apiGet, apiRequest } from '../../../lib/api-client';

// Newsletter campaigns (issue 48 points 1-4), staff routes under /api/campaigns. Keys start with
// the list's path, so a write refreshes the list, the campaign, its preview and its log at once.

export const CAMPAIGNS_KEY = ['/api/campaigns'] as const;
/** While a campaign is being sent, its progress is read again this often (the server sends at its throttle). */
export const CAMPAIGN_POLL_MS = 3000;

const sending = (c: { status: string } | undefined) => c?.status === 'sending';

export const useCampaigns = () =>
  useQuery<CampaignDto[]>({
    queryKey: CAMPAIGNS_KEY,
    // The list follows a campaign being sent (its counts grow); idle lists are read once.
    refetchInterval: (q) => (q.state.data?.some(sending) ? CAMPAIGN_POLL_MS : false),
  });

export const useCampaign = (id: number | null) =>
  useQuery<CampaignDetailDto>({
    queryKey: [...CAMPAIGNS_KEY, id],
    enabled: id !== null,
    refetchInterval: (q) => (sending(q.state.data) ? CAMPAIGN_POLL_MS : false),
  });

/** How many would receive a campaign with this audience (confirmed subscribers only). */
export const useAudienceCount = (audience: CampaignAudience | null) =>
  useQuery<CampaignAudienceCountDto>({
    queryKey: [...CAMPAIGNS_KEY, 'audience-count', audience],
    queryFn: () => apiRequest<CampaignAudienceCountDto>('POST', '/api/campaigns/audience-count', { audience }),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
    // A subscriber may confirm meanwhile: read again each time the screen asks, after a short while.
    staleTime: 10_000,
  });

export const fetchAudienceCount = (audience: CampaignAudience) =>
  apiRequest<CampaignAudienceCountDto>('POST', '/api/campaigns/audience-count', { audience }).then((a) => a.count);

/** The e-mail as a subscriber of that language gets it (read again after each save). */
export const useCampaignPreview = (id: number | null, language: Language, enabled: boolean) =>
  useQuery<CampaignPreviewDto>({
    queryKey: [...CAMPAIGNS_KEY, id, 'preview', language],
    queryFn: () => apiGet<CampaignPreviewDto>(`/api/campaigns/${id}/preview?language=${language}`),
    enabled: id !== null && enabled,
    placeholderData: keepPreviousData,
  });

export interface RecipientPage {
  items: CampaignRecipientDto[];
  total: number;
  page: number;
  pageSize: number;
}

export const RECIPIENTS_PAGE_SIZE = 20;

export const useCampaignRecipients = (id: number, status: CampaignRecipientStatus | '', page: number, live: boolean) => {
  const query = new URLSearchParams({ page: String(page), pageSize: String(RECIPIENTS_PAGE_SIZE), ...(status ? { status } : {}) });
  return useQuery<RecipientPage>({
    queryKey: [...CAMPAIGNS_KEY, id, 'recipients', query.toString()],
    queryFn: () => apiGet<RecipientPage>(`/api/campaigns/${id}/recipients?${query.toString()}`),
    placeholderData: keepPreviousData,
    refetchInterval: live ? CAMPAIGN_POLL_MS : false,
  });
};

function useCampaignWrite<V>(fn: (vars: V) => Promise<CampaignDto>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (saved) => {
      // The campaign's own answer first (no flicker of the old values), then everything under the list's key.
      qc.setQueryData<CampaignDetailDto>([...CAMPAIGNS_KEY, saved.id], (old) => ({ links: [], ...old, ...saved }));
      void qc.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}

export const useCreateCampaign = () => useCampaignWrite((data: CampaignPayload) => apiRequest<CampaignDto>('POST', '/api/campaigns', data));

export const usePatchCampaign = () =>
  useCampaignWrite(({ id, data }: { id: number; data: CampaignPatch }) => apiRequest<CampaignDto>('PATCH', `/api/campaigns/${id}`, data));

export const useScheduleCampaign = () =>
  useCampaignWrite(({ id, data }: { id: number; data: CampaignSchedulePayload }) => apiRequest<CampaignDto>('POST', `/api/campaigns/${id}/schedule`, data));

export const useCancelCampaign = () => useCampaignWrite((id: number) => apiRequest<CampaignDto>('POST', `/api/campaigns/${id}/cancel`, {}));

export const useTestCampaign = () =>
  useMutation({ mutationFn: ({ id, data }: { id: number; data: CampaignTestPayload }) => apiRequest('POST', `/api/campaigns/${id}/test`, data) });
