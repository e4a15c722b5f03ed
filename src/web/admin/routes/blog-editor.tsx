import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Loader2, Save } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { slugify } from '../../../shared/schemas/common';
import { blogPostSchema } from '../../../shared/schemas/blog';
import { Markdown } from '../components/markdown';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Field, Input, Textarea, fieldAria } from '../components/ui/field';
import { PageHeader } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { useToast } from '../components/ui/toast';
import { useBlogPost, useSaveBlogPost } from '../features/blog/api';
import { useCategories } from '../features/categories/api';
import { errorText } from '../../lib/api-client';

type FormIn = z.input<typeof blogPostSchema>;
type FormOut = z.output<typeof blogPostSchema>;

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
};

const tabClass =
  'rounded-md px-4 py-1.5 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

export function BlogEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const isNew = params.id === undefined;
  const { data: post, isLoading, isError } = useBlogPost(id);
  const { data: categories } = useCategories();
  const save = useSaveBlogPost();
  const toast = useToast();
  const navigate = useNavigate();
  const [tab, setTab] = useState(search.get('preview') ? 'preview' : 'edit');
  const slugTouched = useRef(false);

  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(blogPostSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (!post) return;
    reset({
      title: post.title,
      slug: post.slug,
      content: post.content,
      excerpt: post.excerpt ?? '',
      featuredImage: post.featuredImage ?? '',
      metaTitle: post.metaTitle ?? '',
      metaDescription: post.metaDescription ?? '',
      categoryId: post.categoryId ?? undefined,
      published: post.published,
    });
  }, [post, reset]);

  const title = useWatch({ control, name: 'title' });
  const content = useWatch({ control, name: 'content' });
  // SPEC.md §4: a new post's slug follows its title; an existing post keeps its slug.
  useEffect(() => {
    if (isNew && !slugTouched.current) setValue('slug', slugify(title ?? ''), { shouldValidate: false });
  }, [title, isNew, setValue]);

  const onSubmit = handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ id, data });
      toast({ title: isNew ? 'Article créé' : 'Article mis à jour' });
      void navigate('/admin/blog');
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, 'Failed to save post'), variant: 'destructive' });
    }
  });

  if (!isNew && id === null) return <NotFound />;
  if (!isNew && isLoading) return <Spinner />;
  if (!isNew && (isError || !post)) return <NotFound />;

  const categoryOptions = (categories ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <form id="blog-form" onSubmit={onSubmit} noValidate>
      <PageHeader
        title={isNew ? 'Nouvel article' : "Modifier l'article"}
        actions={
          <>
            <Button variant="outline" onClick={() => navigate('/admin/blog')}>
              <ArrowLeft className="h-4 w-4" aria-hidden />
              Retour
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Save className="h-4 w-4" aria-hidden />}
              Enregistrer
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="grid gap-4 p-5 lg:col-span-2">
          <Field id="post-title" label="Titre" error={errors.title?.message}>
            <Input {...fieldAria('post-title', errors.title?.message)} {...register('title')} />
          </Field>
          <Field id="post-slug" label="Slug" error={errors.slug?.message} hint="Adresse de l'article : /blog/slug">
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
            <Field id="post-image" label="Image à la une (URL)" error={errors.featuredImage?.message}>
              <Input type="url" placeholder="https://…" {...fieldAria('post-image', errors.featuredImage?.message)} {...register('featuredImage')} />
            </Field>
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
