import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useConversation } from '../features/conversations/api';
import { ConversationHeader } from '../features/conversations/conversation-header';
import { ReplyForm } from '../features/conversations/reply-form';
import { Thread } from '../features/conversations/thread';
import { useSavedReplies } from '../features/saved-replies/api';
import { cn } from '../lib/cn';

const backLink =
  'inline-flex items-center gap-1 text-sm font-medium text-gray-800 hover:text-gray-950 hover:underline focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

/** Conversation detail, in English (SPEC.md §1). The path id is read as an integer. */
export function ConversationPage() {
  const params = useParams();
  const parsed = Number.parseInt(params.id ?? '', 10);
  const id = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const { data: conversation, isLoading, isError } = useConversation(id);

  if (id !== null && isLoading) return <Spinner label="Loading..." />;
  if (id === null || isError || !conversation) {
    return (
      <div lang="en" className="rounded-lg border border-gray-200 bg-white p-10 text-center">
        <h1 className="text-lg font-medium text-gray-900">Conversation not found</h1>
        <Link to="/admin/messages" className={cn(backLink, 'mt-4')}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to messages
        </Link>
      </div>
    );
  }
  return <ConversationView id={conversation.id} />;
}

function ConversationView({ id }: { id: number }) {
  const { data: conversation } = useConversation(id);
  const { data: savedReplies } = useSavedReplies();
  if (!conversation) return null;
  return (
    // minmax(0,1fr): the column follows the screen, never the width of a long e-mail address.
    <div lang="en" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Link to="/admin/messages" className={backLink}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to messages
      </Link>
      <ConversationHeader conversation={conversation} />
      <Thread id={id} customerEmail={conversation.userEmail} />
      <ReplyForm conversation={conversation} savedReplies={savedReplies} />
    </div>
  );
}
