import { AlertTriangle } from 'lucide-react';
import { CONVERSATION_STATUSES, type ConversationStatus } from '../../../../shared/constants';
import { LanguageBadge } from '../../components/language-badge';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { formatDateTime } from '../../lib/format';
import type { Conversation } from '../../lib/types';
import { useAction } from '../../lib/use-action';
import { CONVERSATION_STATUS_LABELS, CONVERSATION_STATUS_TONES, useSetConversationStatus } from './api';

/** Who wrote, since when, in which language, and the conversation's status (changed here). */
export function ConversationHeader({ conversation }: { conversation: Conversation }) {
  const run = useAction();
  const setStatus = useSetConversationStatus(conversation.id);
  const changeStatus = (status: ConversationStatus) =>
    run(() => setStatus.mutateAsync(status), { success: 'Status updated.', failure: 'Failed to update status. Please try again.', errorTitle: 'Error' });
  return (
    <Card className="p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold wrap-anywhere text-gray-900">{conversation.userName}</h1>
          <p className="text-sm wrap-anywhere text-gray-700">
            <a href={`mailto:${conversation.userEmail}`} className="hover:underline">
              {conversation.userEmail}
            </a>
          </p>
          <p className="mt-1 text-sm text-gray-700">Started {formatDateTime(conversation.createdAt, 'en-US')}</p>
        </div>
        <div className="flex items-center gap-2">
          <LanguageBadge language={conversation.language} always />
          <Badge tone={CONVERSATION_STATUS_TONES[conversation.status]}>{CONVERSATION_STATUS_LABELS[conversation.status]}</Badge>
          <div className="w-36">
            <Select
              aria-label="Conversation status"
              value={conversation.status}
              onValueChange={(v) => void changeStatus(v as ConversationStatus)}
              options={CONVERSATION_STATUSES.map((s) => ({ value: s, label: CONVERSATION_STATUS_LABELS[s] }))}
            />
          </div>
        </div>
      </div>
      {conversation.emailBounce && (
        <p role="status" className="mt-4 flex items-start gap-2 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="bounce-warning">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="wrap-anywhere">
            E-mails to {conversation.userEmail} bounce (since {formatDateTime(conversation.emailBounce.at, 'en-US')}
            {conversation.emailBounce.reason ? `: ${conversation.emailBounce.reason}` : ''}). Replies will not reach the customer; the outbox no longer sends to
            this address.
          </span>
        </p>
      )}
      <p className="mt-4 border-t border-gray-200 pt-4 text-sm text-gray-700">
        Subject: <span className="font-medium wrap-anywhere text-gray-900">{conversation.subject}</span>
      </p>
    </Card>
  );
}
