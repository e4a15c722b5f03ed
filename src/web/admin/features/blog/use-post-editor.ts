import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { POST_SLUG_TAKEN } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../components/ui/toast';
import { clearDraft, draftKey, readDraft, writeDraft, type LocalDraft } from '../../lib/local-draft';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { useAction } from '../../lib/use-action';
import { useSaveShortcut } from '../../lib/use-save-shortcut';
import { useBlogPost, useSaveBlogPost } from './api';
import { EMPTY_POST, editorSchema, sameValues, toForm, toPayload, type PostFormIn, type PostFormOut } from './editor-form';

/**
 * The post editor's state: the loaded post as the form's clean state, the version each save is
 * based on, the local draft (kept on every change, offered back when it differs), the save, and
 * the conflict when someone else saved first.
 */
export function usePostEditor(id: number | null, isNew: boolean, initialTab: string) {
  const { data: post, isLoading, isError, refetch } = useBlogPost(id);
  const save = useSaveBlogPost();
  const act = useAction();
  const toast = useToast();
  const navigate = useNavigate();
  const [tab, setTab] = useState(initialTab);
  const formRef = useRef<HTMLFormElement>(null);
  // The version this editor's values are based on: sent with each save (409 if someone saved since).
  const version = useRef<number | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [draftOffer, setDraftOffer] = useState<LocalDraft<PostFormIn> | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const key = draftKey('blog', id);

  const form = useForm<PostFormIn, unknown, PostFormOut>({ resolver: zodResolver(editorSchema), defaultValues: EMPTY_POST });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { isDirty },
  } = form;
  const leaveGuard = useUnsavedChangesGuard(isDirty);

  // The loaded post (and each reload) becomes the form's clean state; a local draft that differs
  // from it is offered for restoring.
  useEffect(() => {
    if (!isNew && !post) return;
    const clean = post ? toForm(post) : EMPTY_POST;
    if (post) {
      version.current = post.version;
      reset(clean);
    }
    const draft = readDraft<PostFormIn>(key);
    setDraftOffer(draft && !sameValues(draft.values, clean) ? draft : null);
  }, [post, isNew, key, reset]);

  const values = useWatch({ control });
  // Every change of unsaved work is kept locally (not while a restore is still on offer).
  useEffect(() => {
    if (isDirty && !draftOffer) writeDraft(key, values, version.current);
  }, [values, isDirty, draftOffer, key]);

  const onSubmit = handleSubmit(async (data) => {
    const saved = await act(() => save.mutateAsync({ id, data: toPayload(data, version.current) }), {
      success: isNew ? 'Article créé' : 'Article mis à jour',
      failure: 'Failed to save post',
      onStale: setConflict,
      onError: (message, err) => {
        // A taken slug is the Slug field's problem: shown (and focused) there, not only in a toast.
        if (err instanceof ApiError && err.code === 'slug_taken') {
          setTab('edit');
          setError('slug', { message: err.serverMessage ?? POST_SLUG_TAKEN }, { shouldFocus: true });
        } else toast({ title: 'Erreur', description: message, variant: 'destructive' });
      },
    });
    if (!saved) return;
    // The editor stays on the post: the saved values are its new clean state.
    version.current = saved.version;
    reset(toForm(saved));
    clearDraft(key);
    setDraftOffer(null);
    setConflict(null);
    if (isNew) setCreatedId(saved.id);
  });

  // A new post, once saved, continues as the edit of that post (after the form is clean, so the
  // unsaved-changes guard lets the move through).
  useEffect(() => {
    if (createdId !== null && !isDirty) void navigate(`/admin/blog/edit/${createdId}`, { replace: true });
  }, [createdId, isDirty, navigate]);

  useSaveShortcut(formRef);

  return {
    post,
    isLoading,
    isError,
    form,
    formRef,
    tab,
    setTab,
    onSubmit,
    leaveGuard,
    conflict,
    // Someone saved the post meanwhile: load theirs. The work here stays as the local draft,
    // offered for restoring on top of the new version.
    reloadAfterConflict: async () => {
      writeDraft(key, getValues(), version.current);
      setConflict(null);
      await refetch();
    },
    draftOffer,
    restoreDraft: () => {
      if (!draftOffer) return;
      // keepDefaultValues: the loaded post stays the clean state, so the restored work counts as unsaved.
      reset(draftOffer.values, { keepDefaultValues: true });
      setDraftOffer(null);
    },
    discardDraft: () => {
      clearDraft(key);
      setDraftOffer(null);
    },
  };
}
