import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareText, Send } from 'lucide-react';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { replySchema } from '../../../../shared/schemas/conversations';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Textarea } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import type { Conversation, SavedReply } from '../../lib/types';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useSendReply } from './api';

type ReplyIn = z.input<typeof replySchema>;

/** The reply box, e-mailed to the customer; a saved reply can be inserted at the caret. */
export function ReplyForm({ conversation, savedReplies }: { conversation: Conversation; savedReplies: SavedReply[] | undefined }) {
  const run = useAction();
  const send = useSendReply(conversation.id);
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

  const onSubmit = handleSubmit(({ content: text }) =>
    run(
      async () => {
        await send.mutateAsync(text);
        reset({ content: '' });
      },
      {
        success: { title: 'Reply sent!', description: `Your reply has been sent to ${conversation.userEmail}.` },
        failure: 'Failed to send reply. Please try again.',
        errorTitle: 'Error',
      },
    ),
  );

  return (
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
          Your reply will be sent to {conversation.userEmail}.
          {conversation.emailBounce && (
            <strong className="mt-1 block font-medium text-red-800">
              This address bounced on {formatDateTime(conversation.emailBounce.at, 'en-US')}: the reply will not be delivered.
            </strong>
          )}
        </p>
        <div className="flex justify-end">
          <Button type="submit" pending={isSubmitting} disabled={!content || content.trim() === ''}>
            {!isSubmitting && <Send className="h-4 w-4" aria-hidden />}
            Send reply
          </Button>
        </div>
      </form>
    </Card>
  );
}
