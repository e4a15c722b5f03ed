import { SearchFilterBar } from '../components/search-filter-bar';
import { CheckCheck, ChevronRight, Mail, MessageSquare, MessageSquareText } from 'lucide-react';
import { Link } from 'react-router';
import { LanguageBadge } from '../components/language-badge';
import { Badge } from '../components/ui/badge';
import { BulkBar, PageCheckbox, RowCheckbox } from '../components/ui/bulk-bar';
import { Button } from '../components/ui/button';
import { IconButton } from '../components/ui/icon-button';
import { useToast } from '../components/ui/toast';
import { errorText } from '../../lib/api-client';
import { useSelection } from '../lib/selection';
import { useSingleFlight } from '../lib/single-flight';
import type { Conversation } from '../lib/types';
import { Card } from '../components/ui/card';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import {
  CONVERSATION_STATUS_LABELS,
  CONVERSATION_STATUS_TONES,
  useBulkMarkConversationsRead,
  useConversationPage,
  useMarkConversationUnread,
} from '../features/conversations/api';
import { CONVERSATION_STATUSES } from '../../../shared/constants';
import { listSearch } from '../../../shared/schemas/lists';
import { Pager } from '../components/ui/pager';
import { useListParams, useSearchText } from '../lib/list-state';
import { formatDateTime } from '../lib/format';

/** Conversation list: in English like the detail screen (SPEC.md §1). */
export function MessagesPage() {
  // Search, status and page are in the address (?q=…&statut=open&page=2).
  const { get, page, set } = useListParams();
  const status = get('statut');
  const { data, isLoading } = useConversationPage(listSearch({ q: get('q'), status, page }));
  const { data: everything } = useConversationPage('pageSize=1');
  const [text, setText] = useSearchText(get('q'), (q) => set({ q }));
  const conversations = data?.items;
  const total = everything?.total ?? 0;
  const filtered = get('q') !== '' || status !== '';
  const selection = useSelection<Conversation>(listSearch({ q: get('q'), status, page: 1 }));
  const bulkRead = useBulkMarkConversationsRead();
  const markUnread = useMarkConversationUnread();
  const flight = useSingleFlight();
  const toast = useToast();
  const s = (n: number) => (n === 1 ? '' : 's');

  const markSelectionRead = () =>
    flight.run(async () => {
      try {
        const done = await bulkRead.mutateAsync(selection.ids);
        const n = selection.count;
        selection.clear();
        toast({ title: `${n} conversation${s(n)} marked as read`, description: done.count === 0 ? 'They had no unread message.' : undefined });
      } catch (err) {
        toast({ title: 'Error', description: errorText(err, 'Failed to mark the conversations as read.'), variant: 'destructive' });
      }
    });
  async function unread(c: Conversation) {
    try {
      await markUnread.mutateAsync(c.id);
      toast({ title: 'Marked as unread', description: `The conversation with ${c.userName} counts as unread again.` });
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Failed to mark the conversation as unread.'), variant: 'destructive' });
    }
  }
  return (
    <div lang="en">
      <PageHeader
        title="Messages"
        subtitle={`${total} conversation${total === 1 ? '' : 's'}`}
        actions={
          <Link
            to="/admin/saved-replies"
            lang="fr"
            className="inline-flex h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-4 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
          >
            <MessageSquareText className="h-4 w-4" aria-hidden />
            Réponses enregistrées
          </Link>
        }
      />
      <SearchFilterBar
        searchLabel="Search conversations"
        placeholder="Name, e-mail or subject…"
        text={text}
        onText={setText}
        filter={{
          label: 'Filter by status',
          allLabel: 'All statuses',
          value: status,
          onChange: (v) => set({ statut: v }),
          options: CONVERSATION_STATUSES.map((s) => ({ value: s, label: CONVERSATION_STATUS_LABELS[s] })),
        }}
      />
      {isLoading && <Spinner label="Loading..." />}
      {conversations && conversations.length === 0 && <EmptyState title={filtered ? 'No conversation matches' : 'No conversations yet'} />}
      {conversations && conversations.length > 0 && (
        <div className="mb-2">
          <PageCheckbox
            state={selection.pageState(conversations)}
            onChange={() => selection.togglePage(conversations)}
            label="Select every conversation of the page"
          />
        </div>
      )}
      {conversations && conversations.length > 0 && (
        <Card>
          <ul className="divide-y divide-gray-200" aria-label="Conversations">
            {conversations.map((c) => (
              <li key={c.id} className="flex items-center gap-1 pl-4">
                <RowCheckbox checked={selection.isSelected(c.id)} onChange={() => selection.toggle(c)} label={`Select the conversation with ${c.userName}`} />
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
                  <IconButton
                    label={`Mark the conversation with ${c.userName} as unread`}
                    className="mr-2"
                    onClick={() => void unread(c)}
                    disabled={markUnread.isPending}
                  >
                    <Mail className="h-4 w-4" aria-hidden />
                  </IconButton>
                )}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <BulkBar
        count={selection.count}
        text={`${selection.count} conversation${s(selection.count)} selected`}
        onClear={selection.clear}
        regionLabel="Selection actions"
        clearLabel="Clear selection"
      >
        <Button variant="outline" size="sm" onClick={() => void markSelectionRead()} disabled={flight.busy}>
          <CheckCheck className="h-4 w-4" aria-hidden />
          Mark as read
        </Button>
      </BulkBar>
      {data && data.total > 0 && (
        <div lang="fr">
          <Pager
            label="Pages des conversations"
            total={data.total}
            page={data.page}
            pageSize={data.pageSize}
            noun={['conversation', 'conversations']}
            onPage={(p) => set({ page: p })}
          />
        </div>
      )}
    </div>
  );
}
