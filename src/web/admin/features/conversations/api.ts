import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationStatus } from '../../../../shared/constants';
import type { ConversationPageDto, InboundFailureDto, InboundStatusDto } from '../../../../shared/api-types';
import type { BulkResult } from '../../../../shared/schemas/bulk';
import { apiRequest, throwIfNotOk } from '../../../lib/api-client';
import { getToken } from '../../lib/auth-token';
import { usePagedList } from '../../lib/list-state';
import type { Conversation, ConversationMessage } from '../../lib/types';

export const CONVERSATIONS_KEY = ['/api/conversations'] as const;

/** Every conversation (the menu's unread badge counts them). */
export const useConversations = () => useQuery<Conversation[]>({ queryKey: CONVERSATIONS_KEY });

/** A page of conversations (latest message first), searched in name, e-mail and subject. */
export const useConversationPage = (query: string) => usePagedList<ConversationPageDto>('/api/conversations', query);
export const useConversation = (id: number | null) => useQuery<Conversation>({ queryKey: ['/api/conversations', id], enabled: id !== null });
export const useConversationMessages = (id: number | null) =>
  useQuery<ConversationMessage[]>({ queryKey: ['/api/conversations', id, 'messages'], enabled: id !== null });

// Every change refetches the list and this conversation (keys share the prefix).
function useConversationMutation<TVars, TResult = unknown>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY }), qc.invalidateQueries({ queryKey: ['/api/contact-submissions'] })]),
  });
}

export const useSendReply = (id: number) =>
  useConversationMutation((content: string) => apiRequest<ConversationMessage>('POST', `/api/conversations/${id}/messages`, { content }));
export const useSetConversationStatus = (id: number) =>
  useConversationMutation((status: ConversationStatus) => apiRequest('PUT', `/api/conversations/${id}/status`, { status }));
export const useMarkConversationRead = (id: number) => useConversationMutation(() => apiRequest('PUT', `/api/conversations/${id}/mark-read`));
/** Its customer's latest message becomes unread: the menu badge counts the conversation again. */
export const useMarkConversationUnread = () => useConversationMutation((id: number) => apiRequest('PUT', `/api/conversations/${id}/mark-unread`));
/** One request for the selection (POST /api/conversations/bulk/mark-read). */
export const useBulkMarkConversationsRead = () =>
  useConversationMutation((ids: number[]) => apiRequest<BulkResult>('POST', '/api/conversations/bulk/mark-read', { ids }));

export const CONVERSATION_STATUS_LABELS: Record<ConversationStatus, string> = { new: 'New', open: 'Open', closed: 'Closed' };
// SPEC.md §4: red new, yellow open, green closed.
export const CONVERSATION_STATUS_TONES = { new: 'red', open: 'yellow', closed: 'green' } as const;

/** A kept attachment's bytes (staff only: the session token travels as for every API call). */
/**
 * The name the server gives a download (Content-Disposition: RFC 6266 filename*, else filename),
 * never one the page makes up: the server's name ends in the type it found in the bytes.
 */
export function dispositionFilename(header: string | null): string {
  if (!header) return 'attachment';
  const star = /filename\*=UTF-8''([^;\s]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // A malformed escape: the plain filename below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] || 'attachment';
}

/** A kept attachment's bytes (with the session) and the name the server gives it. */
export async function fetchAttachment(url: string): Promise<{ blob: Blob; filename: string }> {
  const token = getToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  await throwIfNotOk(res);
  return { blob: await res.blob(), filename: dispositionFilename(res.headers.get('content-disposition')) };
}

const INBOUND_STATUS_KEY = ['/api/inbound/status'] as const;

/** GET /api/inbound/status: whether the gym's mailbox is read, its last read and last error, the mails held back. */
export const useInboundStatus = () => useQuery<InboundStatusDto>({ queryKey: INBOUND_STATUS_KEY, refetchInterval: 60_000 });

/** A mail from an unverified sender taken off the status (it was never threaded). */
export function useDismissUnverified() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/inbound/held/${id}/dismiss`),
    onSettled: () => qc.invalidateQueries({ queryKey: INBOUND_STATUS_KEY }),
  });
}

/** A held-back e-mail tried again at the next read (retry), or set aside for good (dismiss). */
export function useHeldMailAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'retry' | 'dismiss' }) => apiRequest<InboundFailureDto>('POST', `/api/inbound/failures/${id}/${action}`),
    onSettled: () => qc.invalidateQueries({ queryKey: INBOUND_STATUS_KEY }),
  });
}
