import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CheckCheck, Loader2, Mail, MessageSquareText, Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { CONVERSATION_STATUSES, type ConversationStatus } from '../../../shared/constants';
import { replySchema } from '../../../shared/schemas/conversations';
import { LanguageBadge } from '../components/language-badge';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Textarea } from '../components/ui/field';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import {
  CONVERSATION_STATUS_LABELS,
  CONVERSATION_STATUS_TONES,
  useConversation,
  useConversationMessages,
  useMarkConversationRead,
  useMarkConversationUnread,
  useSendReply,
  useSetConversationStatus,
} from '../features/conversations/api';
import { useSavedReplies } from '../features/saved-replies/api';
import { cn } from '../lib/cn';
import { formatDateTime } from '../lib/format';

type ReplyIn = z.input<typeof replySchema>;

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
  const { data: messages, isLoading } = useConversationMessages(id);
  const toast = useToast();
  const setStatus = useSetConversationStatus(id);
  const markRead = useMarkConversationRead(id);
  const markUnread = useMarkConversationUnread();
  const send = useSendReply(id);
  const threadEnd = useRef<HTMLDivElement>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { isSubmitting },
  } = useForm<ReplyIn>({ resolver: zodResolver(replySchema), defaultValues: { content: '' } });
  const content = useWatch({ control, name: 'content' });
  const { data: savedReplies } = useSavedReplies();
  const replyBox = useRef<HTMLTextAreaElement | null>(null);
  const { ref: registerRef, ...contentField } = register('content');

  /** Puts a saved reply's text at the caret (or in place of the selection), then focuses after it. */
  function insertSavedReply(replyId: string) {
    const saved = savedReplies?.find((r) => String(r.id) === replyId);
    if (!saved) return;
    const current = getValues('content') ?? '';
    const box = replyBox.current;
    const start = box ? box.selectionStart : current.length;
    const end = box ? box.selectionEnd : current.length;
    // Right after a word, the text starts a paragraph of its own.
    const before = current.slice(0, start);
    const text = (before && !/\s$/.test(before) ? '\n\n' : '') + saved.content;
    setValue('content', before + text + current.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      if (!box) return;
      box.focus();
      box.setSelectionRange(start + text.length, start + text.length);
    });
  }

  useEffect(() => {
    threadEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length]);

  if (!conversation) return null;
  const unread = (messages ?? []).filter((m) => !m.isRead).length;

  async function changeStatus(status: ConversationStatus) {
    try {
      await setStatus.mutateAsync(status);
      toast({ title: 'Status updated.' });
    } catch {
      toast({ title: 'Error', description: 'Failed to update status. Please try again.', variant: 'destructive' });
    }
  }

  async function markAllRead() {
    try {
      await markRead.mutateAsync(undefined);
      toast({ title: 'All messages marked as read.' });
    } catch {
      toast({ title: 'Error', description: 'Failed to mark messages as read. Please try again.', variant: 'destructive' });
    }
  }

  // The customer's latest message becomes unread: the Messages badge counts the conversation again.
  async function markAsUnread() {
    try {
      await markUnread.mutateAsync(id);
      toast({ title: 'Marked as unread', description: 'The conversation counts as unread again.' });
    } catch {
      toast({ title: 'Error', description: 'Failed to mark the conversation as unread.', variant: 'destructive' });
    }
  }

  const onSubmit = handleSubmit(async ({ content: text }) => {
    try {
      await send.mutateAsync(text);
      reset({ content: '' });
      toast({ title: 'Reply sent!', description: `Your reply has been sent to ${conversation.userEmail}.` });
    } catch {
      toast({ title: 'Error', description: 'Failed to send reply. Please try again.', variant: 'destructive' });
    }
  });

  return (
    // minmax(0,1fr): the column follows the screen, never the width of a long e-mail address.
    <div lang="en" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Link to="/admin/messages" className={backLink}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to messages
      </Link>

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
                onValueChange={(v) => changeStatus(v as ConversationStatus)}
                options={CONVERSATION_STATUSES.map((s) => ({ value: s, label: CONVERSATION_STATUS_LABELS[s] }))}
              />
            </div>
          </div>
        </div>
        <p className="mt-4 border-t border-gray-200 pt-4 text-sm text-gray-700">
          Subject: <span className="font-medium wrap-anywhere text-gray-900">{conversation.subject}</span>
        </p>
      </Card>

      <Card className="p-5">
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2 className="font-semibold text-gray-900">Messages</h2>
          <div className="flex flex-wrap justify-end gap-2">
            {unread === 0 && (messages ?? []).some((m) => m.senderType !== 'admin') && (
              <Button variant="outline" size="sm" onClick={() => void markAsUnread()} disabled={markUnread.isPending}>
                <Mail className="h-4 w-4" aria-hidden />
                Mark as unread
              </Button>
            )}
            <Button variant="outline" size="sm" onClick={markAllRead} disabled={markRead.isPending || unread === 0}>
              <CheckCheck className="h-4 w-4" aria-hidden />
              Mark all as read
            </Button>
          </div>
        </div>
        {isLoading && <Spinner label="Loading..." />}
        <ol className="grid gap-3" aria-label="Thread">
          {(messages ?? []).map((m) => {
            const mine = m.senderType === 'admin';
            return (
              <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid="message-bubble" data-sender={m.senderType}>
                <div
                  className={cn(
                    'max-w-[70%] rounded-2xl px-4 py-2 shadow-sm',
                    mine ? 'rounded-br-sm bg-red-700 text-white' : 'rounded-bl-sm bg-gray-100 text-gray-900',
                    !m.isRead && !mine && 'ring-2 ring-blue-400',
                  )}
                >
                  <p className={cn('text-xs font-semibold', mine ? 'text-red-50' : 'text-gray-700')}>
                    {m.senderName}
                    {!m.isRead && !mine && <span className="sr-only"> (unread)</span>}
                  </p>
                  <p className="text-sm wrap-anywhere whitespace-pre-wrap">{m.content}</p>
                  <p className={cn('mt-1 text-right text-xs', mine ? 'text-red-50' : 'text-gray-700')}>{formatDateTime(m.createdAt, 'en-US')}</p>
                </div>
              </li>
            );
          })}
        </ol>
        <div ref={threadEnd} />
      </Card>

      <Card className="p-5">
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
          <label htmlFor="reply-content" className="font-semibold text-gray-900">
            Reply
          </label>
          {/* The saved replies are the staff's own (French) tool; their texts are in English. */}
          <div lang="fr" className="flex flex-wrap items-center gap-2">
            <MessageSquareText className="h-4 w-4 text-gray-700" aria-hidden />
            <div className="min-w-0 flex-1 sm:max-w-xs">
              <Select
                aria-label="Insérer une réponse enregistrée"
                placeholder="Insérer une réponse enregistrée"
                value=""
                onValueChange={insertSavedReply}
                disabled={!savedReplies || savedReplies.length === 0}
                options={(savedReplies ?? []).map((r) => ({ value: String(r.id), label: r.title }))}
              />
            </div>
            <Link to="/admin/saved-replies" className="text-sm font-medium text-gray-800 underline hover:text-gray-950">
              Gérer les réponses enregistrées
            </Link>
          </div>
          <Textarea
            id="reply-content"
            rows={4}
            placeholder="Type your reply…"
            aria-describedby="reply-note"
            {...contentField}
            ref={(el) => {
              registerRef(el);
              replyBox.current = el;
            }}
          />
          {/* overflow-wrap:anywhere (unlike break-word) lets the address break inside the line's min-content width. */}
          <p id="reply-note" className="text-sm wrap-anywhere text-gray-700">
            Your reply will be sent to the customer's e-mail ({conversation.userEmail}).
          </p>
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting || !content || content.trim() === ''}>
              {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Send className="h-4 w-4" aria-hidden />}
              Send reply
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
