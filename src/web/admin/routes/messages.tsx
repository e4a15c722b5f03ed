import { SearchFilterBar } from '../components/search-filter-bar';
import { CheckCheck, MessageSquareText } from 'lucide-react';
import { Link } from 'react-router';
import { BulkBar, PageCheckbox } from '../components/ui/bulk-bar';
import { Button } from '../components/ui/button';
import { ConversationRow } from '../features/conversations/conversation-row';
import { InboundStatusPanel } from '../features/conversations/inbound-status-panel';
import { useSelection } from '../lib/selection';
import { useAction } from '../lib/use-action';
import { useSingleFlight } from '../lib/single-flight';
import type { Conversation } from '../lib/types';
import { Card } from '../components/ui/card';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { CONVERSATION_STATUS_LABELS, useBulkMarkConversationsRead, useConversationPage, useMarkConversationUnread } from '../features/conversations/api';
import { CONVERSATION_STATUSES } from '../../../shared/constants';
import { listSearch } from '../../../shared/schemas/lists';
import { Pager } from '../components/ui/pager';
import { useListParams, useSearchText } from '../lib/list-state';

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
  const run = useAction();
  const s = (n: number) => (n === 1 ? '' : 's');

  const markSelectionRead = () =>
    flight.run(() => {
      const n = selection.count;
      return run(
        async () => {
          const done = await bulkRead.mutateAsync(selection.ids);
          selection.clear();
          return done;
        },
        {
          success: (done) => ({ title: `${n} conversation${s(n)} marked as read`, description: done.count === 0 ? 'They had no unread message.' : undefined }),
          failure: 'Failed to mark the conversations as read.',
          errorTitle: 'Error',
        },
      );
    });
  const unread = (c: Conversation) =>
    run(() => markUnread.mutateAsync(c.id), {
      success: { title: 'Marked as unread', description: `The conversation with ${c.userName} counts as unread again.` },
      failure: 'Failed to mark the conversation as unread.',
      errorTitle: 'Error',
    });
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
      <InboundStatusPanel />
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
              <ConversationRow
                key={c.id}
                c={c}
                selected={selection.isSelected(c.id)}
                onToggle={() => selection.toggle(c)}
                onUnread={() => void unread(c)}
                unreadPending={markUnread.isPending}
              />
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
