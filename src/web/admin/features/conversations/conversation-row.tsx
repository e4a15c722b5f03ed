import { ChevronRight, Mail, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { LanguageBadge } from '../../components/language-badge';
import { Badge } from '../../components/ui/badge';
import { RowCheckbox } from '../../components/ui/bulk-bar';
import { IconButton } from '../../components/ui/icon-button';
import { formatDateTime } from '../../lib/format';
import type { Conversation } from '../../lib/types';
import { CONVERSATION_STATUS_LABELS, CONVERSATION_STATUS_TONES } from './api';

/** One conversation of the list: its checkbox, the link to it, and "mark as unread" once it is all read. */
export function ConversationRow({
  c,
  selected,
  onToggle,
  onUnread,
  unreadPending,
}: {
  c: Conversation;
  selected: boolean;
  onToggle: () => void;
  onUnread: () => void;
  unreadPending: boolean;
}) {
  return (
    <li className="flex items-center gap-1 pl-4">
      <RowCheckbox checked={selected} onChange={onToggle} label={`Select the conversation with ${c.userName}`} />
      <Link
        to={`/admin/messages/${c.id}`}
        className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 p-4 hover:bg-gray-50 sm:flex-nowrap focus-visible:bg-gray-50 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none focus-visible:ring-inset"
        data-testid="conversation-row"
      >
        <MessageSquare className="hidden h-5 w-5 shrink-0 text-gray-600 sm:block" aria-hidden />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 font-semibold wrap-anywhere text-gray-900">{c.userName}</span>
            <Badge tone={CONVERSATION_STATUS_TONES[c.status]}>{CONVERSATION_STATUS_LABELS[c.status]}</Badge>
            {(c.unreadCount ?? 0) > 0 && <Badge tone="blue">{c.unreadCount} unread</Badge>}
            <LanguageBadge language={c.language} />
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
      {(c.unreadCount ?? 0) === 0 && (
        <IconButton label={`Mark the conversation with ${c.userName} as unread`} className="mr-2" onClick={onUnread} disabled={unreadPending}>
          <Mail className="h-4 w-4" aria-hidden />
        </IconButton>
      )}
    </li>
  );
}
