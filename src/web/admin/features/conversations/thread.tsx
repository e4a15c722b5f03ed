import { CheckCheck, Mail } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useConversationMessages, useMarkConversationRead, useMarkConversationUnread } from './api';
import { MailHtmlFrame } from './mail-html-frame';
import { MessageAttachments } from './message-attachments';

/** The messages, oldest first, scrolled to the latest; "Mark as unread" and "Mark all as read". */
export function Thread({ id, customerEmail }: { id: number; customerEmail: string }) {
  const { data: messages, isLoading } = useConversationMessages(id);
  const run = useAction();
  const markRead = useMarkConversationRead(id);
  const markUnread = useMarkConversationUnread();
  const threadEnd = useRef<HTMLDivElement>(null);

  useEffect(() => {
    threadEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length]);

  const unread = (messages ?? []).filter((m) => !m.isRead).length;
  const markAllRead = () =>
    run(() => markRead.mutateAsync(undefined), {
      success: 'All messages marked as read.',
      failure: 'Failed to mark messages as read. Please try again.',
      errorTitle: 'Error',
    });
  // The customer's latest message becomes unread: the Messages badge counts the conversation again.
  const markAsUnread = () =>
    run(() => markUnread.mutateAsync(id), {
      success: { title: 'Marked as unread', description: 'The conversation counts as unread again.' },
      failure: 'Failed to mark the conversation as unread.',
      errorTitle: 'Error',
    });

  return (
    <Card className="p-5">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 className="font-semibold text-gray-900">Messages</h2>
        <div className="flex flex-wrap justify-end gap-2">
          {unread === 0 && (messages ?? []).some((m) => m.senderType !== 'admin') && (
            <Button variant="outline" size="sm" onClick={() => void markAsUnread()} pending={markUnread.isPending}>
              <Mail className="h-4 w-4" aria-hidden />
              Mark as unread
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => void markAllRead()} pending={markRead.isPending} disabled={unread === 0}>
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
                  // An e-mail's HTML needs room to be read; still at most 70% (SPEC.md §4).
                  m.html && 'w-[70%]',
                  mine ? 'rounded-br-sm bg-red-700 text-white' : 'rounded-bl-sm bg-gray-100 text-gray-900',
                  !m.isRead && !mine && 'ring-2 ring-blue-400',
                )}
              >
                <p className={cn('text-xs font-semibold', mine ? 'text-red-50' : 'text-gray-700')}>
                  {m.senderName}
                  {!m.isRead && !mine && <span className="sr-only"> (unread)</span>}
                </p>
                {m.channel === 'email' && (
                  <p className="mt-0.5 flex flex-wrap items-center gap-1 text-xs text-gray-700" data-testid="by-email">
                    <Mail className="h-3.5 w-3.5" aria-hidden />
                    by e-mail
                    {m.emailFrom && m.emailFrom.toLowerCase() !== customerEmail.toLowerCase() && <span className="wrap-anywhere">from {m.emailFrom}</span>}
                  </p>
                )}
                {m.html ? (
                  <MailHtmlFrame html={m.html} title={`E-mail from ${m.senderName}`} />
                ) : (
                  <p className="text-sm wrap-anywhere whitespace-pre-wrap">{m.content}</p>
                )}
                <MessageAttachments attachments={m.attachments ?? []} />
                <p className={cn('mt-1 text-right text-xs', mine ? 'text-red-50' : 'text-gray-700')}>{formatDateTime(m.createdAt, 'en-US')}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <div ref={threadEnd} />
    </Card>
  );
}
