import { ChevronRight, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../components/ui/badge';
import { Card } from '../components/ui/card';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { CONVERSATION_STATUS_LABELS, CONVERSATION_STATUS_TONES, useConversations } from '../features/conversations/api';
import { formatDateTime } from '../lib/format';

/** Conversation list: in English like the detail screen (SPEC.md §1). */
export function MessagesPage() {
  const { data: conversations, isLoading } = useConversations();
  const total = conversations?.length ?? 0;
  return (
    <div lang="en">
      <PageHeader title="Messages" subtitle={`${total} conversation${total === 1 ? '' : 's'}`} />
      {isLoading && <Spinner label="Loading..." />}
      {conversations && conversations.length === 0 && <EmptyState title="No conversations yet" />}
      {conversations && conversations.length > 0 && (
        <Card>
          <ul className="divide-y divide-gray-200" aria-label="Conversations">
            {conversations.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/admin/messages/${c.id}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 p-4 hover:bg-gray-50 sm:flex-nowrap focus-visible:bg-gray-50 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none focus-visible:ring-inset"
                  data-testid="conversation-row"
                >
                  <MessageSquare className="hidden h-5 w-5 shrink-0 text-gray-600 sm:block" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="min-w-0 font-semibold wrap-anywhere text-gray-900">{c.userName}</span>
                      <Badge tone={CONVERSATION_STATUS_TONES[c.status]}>{CONVERSATION_STATUS_LABELS[c.status]}</Badge>
                      {(c.unreadCount ?? 0) > 0 && <Badge tone="blue">{c.unreadCount} unread</Badge>}
                    </div>
                    <p className="text-sm wrap-anywhere text-gray-700">{c.userEmail}</p>
                    <p className="mt-1 truncate text-sm text-gray-900" title={c.subject}>
                      {c.subject}
                    </p>
                  </div>
                  {/* Under the subject on phones, in its own column from 640 px. */}
                  <div className="order-last w-full shrink-0 text-xs text-gray-700 sm:order-none sm:w-auto sm:text-right" data-testid="conversation-date">
                    <p>{formatDateTime(c.lastMessageAt, 'en-US')}</p>
                    {c.messageCount !== undefined && (
                      <p>
                        {c.messageCount} message{c.messageCount === 1 ? '' : 's'}
                      </p>
                    )}
                  </div>
                  <ChevronRight className="h-5 w-5 shrink-0 text-gray-600" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
