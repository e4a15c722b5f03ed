import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ImageIcon, Loader2, RotateCcw, Save, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { GALLERY_DEFAULT_CATEGORY } from '../../../shared/constants';
import { instantToZoned, zonedToInstant } from '../../../shared/gym-time';
import { STALE_EDIT } from '../../../shared/messages';
import { slugify } from '../../../shared/schemas/common';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES_FR, isLanguage } from '../../../shared/i18n/languages';
import { localePath } from '../../../shared/i18n/paths';
import { blogPostSchema } from '../../../shared/schemas/blog';
import { GalleryPicker } from '../components/gallery-picker';
import { ErrorAlert } from '../components/ui/alert';
import { Markdown } from '../components/markdown';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Field, Input, Textarea, fieldAria } from '../components/ui/field';
import { PageHeader } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { useToast } from '../components/ui/toast';
import { isScheduled, useBlogPost, useSaveBlogPost, type BlogPostPayload } from '../features/blog/api';
import { useCategories } from '../features/categories/api';
import { POST_SLUG_TAKEN } from '../../../shared/messages';
import { useGallery, useUploadImage } from '../features/gallery/api';
import { clearDraft, draftKey, readDraft, writeDraft, type LocalDraft } from '../lib/local-draft';
import { formatDateTime, gymZoneName } from '../lib/format';
import type { BlogPost } from '../lib/types';
import { useUnsavedChangesGuard } from '../lib/unsaved-changes';
import { ApiError, errorText } from '../../lib/api-client';
import { gymTimeZone } from '../../lib/gym-zone';

// The payload's fields, the publication instant as a gym-time wall clock ('YYYY-MM-DDTHH:mm', a
// datetime-local value) instead of an instant, and no version (the editor holds it).
const editorSchema = blogPostSchema.omit({ publishAt: true, version: true }).extend({
  scheduleAt: z
    .string()
    .optional()
    .refine((v) => !v || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v), 'La date de publication est invalide'),
});
type FormIn = z.input<typeof editorSchema>;
type FormOut = z.output<typeof editorSchema>;

const EMPTY: FormIn = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  featuredImage: '',
  metaTitle: '',
  metaDescription: '',
  categoryId: undefined,
  published: false,
  featuredImageAlt: '',
  // A new post is English (the default blog) until the author picks another language.
  language: DEFAULT_LANGUAGE,
  scheduleAt: '',
};

function toForm(post: BlogPost): FormIn {
  const scheduled = isScheduled(post);
  const at = scheduled && post.publishedAt ? instantToZoned(post.publishedAt, gymTimeZone()) : null;
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? '',
    featuredImage: post.featuredImage ?? '',
    featuredImageAlt: post.featuredImageAlt ?? '',
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    categoryId: post.categoryId ?? undefined,
    language: post.language,
    // A scheduled post shows its date, the switch off: "immediately" would publish it now.
    published: post.published && !scheduled,
    scheduleAt: at ? `${at.date}T${at.time}` : '',
  };
}

/** The switch publishes now (a live post keeps its date); a date alone schedules; neither: draft. */
function toPayload({ scheduleAt, ...data }: FormOut, version: number | null): BlogPostPayload {
  if (data.published) return { ...data, publishAt: null, version: version ?? undefined };
  if (scheduleAt) {
    const [date, time] = scheduleAt.split('T');
    return { ...data, published: true, publishAt: zonedToInstant(date, time, gymTimeZone()).toISOString(), version: version ?? undefined };
  }
  return { ...data, version: version ?? undefined };
}

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const tabClass =
  'rounded-md px-4 py-1.5 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

export function BlogEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const isNew = params.id === undefined;
  const { data: post, isLoading, isError, refetch } = useBlogPost(id);
  const { data: categories } = useCategories();
  const save = useSaveBlogPost();
  const gallery = useGallery();
  const uploadImage = useUploadImage();
  const toast = useToast();
  const navigate = useNavigate();
  const [tab, setTab] = useState(search.get('preview') ? 'preview' : 'edit');
  const slugTouched = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The version this editor's values are based on: sent with each save (409 if someone saved since).
  const version = useRef<number | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [draftOffer, setDraftOffer] = useState<LocalDraft<FormIn> | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const key = draftKey('blog', id);

  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(editorSchema), defaultValues: EMPTY });
  const leaveGuard = useUnsavedChangesGuard(isDirty);

  // The loaded post (and each reload) becomes the form's clean state; a local draft that differs
  // from it is offered for restoring.
  useEffect(() => {
    if (!isNew && !post) return;
    const clean = post ? toForm(post) : EMPTY;
    if (post) {
      version.current = post.version;
      reset(clean);
    }
    const draft = readDraft<FormIn>(key);
    setDraftOffer(draft && !sameValues(draft.values, clean) ? draft : null);
  }, [post, isNew, key, reset]);

  const values = useWatch({ control });
  // Every change of unsaved work is kept locally (not while a restore is still on offer).
  useEffect(() => {
    if (isDirty && !draftOffer) writeDraft(key, values, version.current);
  }, [values, isDirty, draftOffer, key]);

  const title = values.title;
  const content = values.content;
  const featuredImage = values.featuredImage;
  // SPEC.md §4: a new post's slug follows its title; an existing post keeps its slug.
  useEffect(() => {
    if (isNew && !slugTouched.current) setValue('slug', slugify(title ?? ''), { shouldValidate: false });
  }, [title, isNew, setValue]);

  const onSubmit = handleSubmit(async (data) => {
    try {
      const saved = await save.mutateAsync({ id, data: toPayload(data, version.current) });
      // The editor stays on the post: the saved values are its new clean state.
      version.current = saved.version;
      reset(toForm(saved));
      clearDraft(key);
      setDraftOffer(null);
      setConflict(null);
      toast({ title: isNew ? 'Article créé' : 'Article mis à jour' });
      if (isNew) setCreatedId(saved.id);
    } catch (err) {
      // A taken slug is the Slug field's problem: shown (and focused) there, not only in a toast.
      if (err instanceof ApiError && err.status === 409 && err.serverMessage === POST_SLUG_TAKEN) {
        setTab('edit');
        setError('slug', { message: POST_SLUG_TAKEN }, { shouldFocus: true });
        return;
      }
      if (err instanceof ApiError && err.status === 409 && err.serverMessage === STALE_EDIT.post) setConflict(err.serverMessage);
      else toast({ title: 'Erreur', description: errorText(err, 'Failed to save post'), variant: 'destructive' });
    }
  });

  // A new post, once saved, continues as the edit of that post (after the form is clean, so the
  // unsaved-changes guard lets the move through).
  useEffect(() => {
    if (createdId !== null && !isDirty) void navigate(`/admin/blog/edit/${createdId}`, { replace: true });
  }, [createdId, isDirty, navigate]);

  // Ctrl+S / Cmd+S saves instead of the browser's "save page".
  const submit = useCallback(() => formRef.current?.requestSubmit(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        submit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [submit]);

  // Someone saved the post meanwhile: load theirs. The work here stays as the local draft,
  // offered for restoring on top of the new version.
  async function reloadAfterConflict() {
    writeDraft(key, getValues(), version.current);
    setConflict(null);
    await refetch();
  }

  function restoreDraft() {
    if (!draftOffer) return;
    // keepDefaultValues: the loaded post stays the clean state, so the restored work counts as unsaved.
    reset(draftOffer.values, { keepDefaultValues: true });
    setDraftOffer(null);
  }

  function discardDraft() {
    clearDraft(key);
    setDraftOffer(null);
  }

  async function uploadToGallery(file: File) {
    const title = file.name.replace(/\.[^.]+$/, '') || 'Image';
    return uploadImage.mutateAsync({ file, meta: { title, description: null, category: GALLERY_DEFAULT_CATEGORY }, onProgress: () => {} });
  }

  if (!isNew && id === null) return <NotFound />;
  if (!isNew && isLoading) return <Spinner />;
  if (!isNew && (isError || !post)) return <NotFound />;

  const categoryOptions = (categories ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const languageOptions = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES_FR[l].charAt(0).toUpperCase() + LANGUAGE_NAMES_FR[l].slice(1) }));

  return (
    <form id="blog-form" ref={formRef} onSubmit={onSubmit} noValidate>
      {leaveGuard.dialog}
      <PageHeader
        title={isNew ? 'Nouvel article' : "Modifier l'article"}
        actions={
          <>
            <Button variant="outline" onClick={() => leaveGuard.leave('/admin/blog')}>
              <ArrowLeft className="h-4 w-4" aria-hidden />
              Retour
            </Button>
            <Button type="submit" disabled={isSubmitting} title="Enregistrer (Ctrl+S)" aria-keyshortcuts="Control+S Meta+S">
              {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Save className="h-4 w-4" aria-hidden />}
              Enregistrer
            </Button>
          </>
        }
      />
      {conflict && (
        <div className="mb-4">
          <ErrorAlert>
            <p>{conflict}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void reloadAfterConflict()}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              Recharger l&apos;article
            </Button>
          </ErrorAlert>
        </div>
      )}
      {draftOffer && (
        <div role="status" className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <span className="w-full sm:w-auto sm:min-w-0 sm:flex-1">
            Un brouillon non enregistré du {formatDateTime(draftOffer.savedAt)} existe sur cet appareil.
          </span>
          <Button size="sm" onClick={restoreDraft}>
            Restaurer le brouillon
          </Button>
          <Button size="sm" variant="outline" onClick={discardDraft}>
            Ignorer
          </Button>
        </div>
      )}
      {!isDirty && post && isScheduled(post) && post.publishedAt && (
        <p className="mb-4 text-sm text-gray-800" data-testid="schedule-status">
          Publication programmée le {formatDateTime(post.publishedAt)}, {gymZoneName(Date.parse(post.publishedAt))}.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="grid gap-4 p-5 lg:col-span-2">
          <Field id="post-title" label="Titre" error={errors.title?.message}>
            <Input {...fieldAria('post-title', errors.title?.message)} {...register('title')} />
          </Field>
          <Field
            id="post-slug"
            label="Slug"
            error={errors.slug?.message}
            hint={`Adresse de l'article : ${localePath(isLanguage(values.language) ? values.language : DEFAULT_LANGUAGE, '/blog/slug')}`}
          >
            <Input
              {...fieldAria('post-slug', errors.slug?.message)}
              {...register('slug', {
                onChange: () => {
                  slugTouched.current = true;
                },
              })}
            />
          </Field>
          <Tabs.Root value={tab} onValueChange={setTab}>
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium text-gray-900" id="post-content-label">
                Contenu (Markdown)
              </span>
              <Tabs.List aria-label="Mode d'édition" className="inline-flex rounded-lg bg-gray-100 p-1">
                <Tabs.Trigger value="edit" className={tabClass}>
                  Modifier
                </Tabs.Trigger>
                <Tabs.Trigger value="preview" className={tabClass}>
                  Aperçu
                </Tabs.Trigger>
              </Tabs.List>
            </div>
            <Tabs.Content value="edit" className="mt-2" forceMount hidden={tab !== 'edit'}>
              <Textarea
                rows={18}
                aria-labelledby="post-content-label"
                className="font-mono"
                {...fieldAria('post-content', errors.content?.message)}
                {...register('content')}
              />
            </Tabs.Content>
            <Tabs.Content value="preview" className="mt-2 min-h-64 rounded-md border border-gray-200 p-4" data-testid="post-preview">
              {title && <h2 className="mb-4 text-2xl font-bold text-gray-900">{title}</h2>}
              {content?.trim() ? <Markdown>{content}</Markdown> : <p className="text-sm text-gray-700">Rien à prévisualiser.</p>}
            </Tabs.Content>
            {errors.content?.message && (
              <p id="post-content-error" role="alert" className="mt-1 text-sm text-red-700">
                {errors.content.message}
              </p>
            )}
          </Tabs.Root>
          <Field id="post-excerpt" label="Extrait" error={errors.excerpt?.message}>
            <Textarea rows={3} {...fieldAria('post-excerpt', errors.excerpt?.message)} {...register('excerpt')} />
          </Field>
        </Card>

        <div className="grid content-start gap-6">
          <Card className="grid gap-4 p-5">
            <Controller
              control={control}
              name="published"
              render={({ field }) => (
                <div className="flex items-center justify-between gap-3">
                  <label htmlFor="post-published" className="text-sm font-medium text-gray-900">
                    Publier immédiatement
                  </label>
                  <Switch id="post-published" checked={Boolean(field.value)} onCheckedChange={field.onChange} />
                </div>
              )}
            />
            {!values.published && (
              <Field
                id="post-schedule"
                label={`Programmer la publication, ${gymZoneName()}`}
                error={errors.scheduleAt?.message}
                hint="Vide : l'article reste un brouillon."
              >
                <Input type="datetime-local" {...fieldAria('post-schedule', errors.scheduleAt?.message)} {...register('scheduleAt')} />
              </Field>
            )}
            <Controller
              control={control}
              name="categoryId"
              render={({ field }) => (
                <Field id="post-category" label="Catégorie" error={errors.categoryId?.message}>
                  <Select
                    id="post-category"
                    aria-invalid={errors.categoryId ? true : undefined}
                    value={typeof field.value === 'number' || (typeof field.value === 'string' && field.value !== '') ? String(field.value) : undefined}
                    onValueChange={(v) => field.onChange(Number(v))}
                    options={categoryOptions}
                    placeholder="Choisir une catégorie"
                  />
                </Field>
              )}
            />
            {categories && categories.length === 0 && (
              <p className="text-sm text-gray-700">
                Aucune catégorie.{' '}
                <Link to="/admin/categories" className="font-medium text-red-800 underline">
                  Créer une catégorie
                </Link>
              </p>
            )}
            <Controller
              control={control}
              name="language"
              render={({ field }) => (
                <Field id="post-language" label="Langue" error={errors.language?.message} hint="L'article paraît sur le blog de cette langue.">
                  <Select
                    id="post-language"
                    aria-invalid={errors.language ? true : undefined}
                    aria-describedby={errors.language ? 'post-language-error' : 'post-language-hint'}
                    value={field.value ?? DEFAULT_LANGUAGE}
                    onValueChange={(v) => field.onChange(isLanguage(v) ? v : DEFAULT_LANGUAGE)}
                    options={languageOptions}
                  />
                </Field>
              )}
            />
            <div className="grid gap-2">
              <span className="text-sm font-medium text-gray-900">Image à la une</span>
              {featuredImage ? (
                <img
                  src={featuredImage}
                  alt=""
                  className="aspect-[16/9] w-full rounded-md border border-gray-200 object-cover"
                  data-testid="featured-preview"
                />
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => setPickerOpen(true)}>
                  <ImageIcon className="h-4 w-4" aria-hidden />
                  Choisir dans la galerie
                </Button>
                {featuredImage ? (
                  <Button variant="ghost" size="sm" onClick={() => setValue('featuredImage', '', { shouldDirty: true })}>
                    <X className="h-4 w-4" aria-hidden />
                    Retirer l&apos;image
                  </Button>
                ) : null}
              </div>
            </div>
            <Field id="post-image" label="Image à la une (URL)" error={errors.featuredImage?.message}>
              <Input type="url" placeholder="https://…" {...fieldAria('post-image', errors.featuredImage?.message)} {...register('featuredImage')} />
            </Field>
            <Field
              id="post-image-alt"
              label="Texte alternatif de l'image"
              error={errors.featuredImageAlt?.message}
              hint="Décrit l'image pour qui ne la voit pas."
            >
              <Input {...fieldAria('post-image-alt', errors.featuredImageAlt?.message)} {...register('featuredImageAlt')} />
            </Field>
            <GalleryPicker
              open={pickerOpen}
              onOpenChange={setPickerOpen}
              items={gallery.data}
              loading={gallery.isLoading}
              onUpload={uploadToGallery}
              onPick={(item) => {
                setValue('featuredImage', item.imageUrl ?? '', { shouldDirty: true });
                if (!getValues('featuredImageAlt')) setValue('featuredImageAlt', item.title, { shouldDirty: true });
                setPickerOpen(false);
              }}
            />
          </Card>
          <Card className="grid gap-4 p-5">
            <h2 className="font-semibold text-gray-900">Référencement</h2>
            <Field id="post-meta-title" label="Titre SEO" error={errors.metaTitle?.message}>
              <Input {...fieldAria('post-meta-title', errors.metaTitle?.message)} {...register('metaTitle')} />
            </Field>
            <Field id="post-meta-description" label="Description SEO" error={errors.metaDescription?.message}>
              <Textarea rows={3} {...fieldAria('post-meta-description', errors.metaDescription?.message)} {...register('metaDescription')} />
            </Field>
          </Card>
        </div>
      </div>
    </form>
  );
}

function NotFound() {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-10 text-center">
      <h1 className="text-lg font-medium text-gray-900">Article introuvable</h1>
      <Link to="/admin/blog" className="mt-4 inline-block font-medium text-red-800 underline">
        Retour aux articles
      </Link>
    </div>
  );
}
