import { Tabs } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../../shared/i18n/languages';
import { localePath } from '../../../../shared/i18n/paths';
import { slugify } from '../../../../shared/schemas/common';
import { Markdown } from '../../components/markdown';
import { Card } from '../../components/ui/card';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';
import type { PostFormIn, PostFormOut } from './editor-form';

const tabClass =
  'rounded-md px-4 py-1.5 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

/** Title, slug, the Markdown content with its preview, and the excerpt. */
export function PostContentCard({ isNew, tab, onTab }: { isNew: boolean; tab: string; onTab: (tab: string) => void }) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useFormContext<PostFormIn, unknown, PostFormOut>();
  const [title, content, language] = useWatch({ control, name: ['title', 'content', 'language'] });
  const slugTouched = useRef(false);

  // SPEC.md §4: a new post's slug follows its title; an existing post keeps its slug.
  useEffect(() => {
    if (isNew && !slugTouched.current) setValue('slug', slugify(title ?? ''), { shouldValidate: false });
  }, [title, isNew, setValue]);

  return (
    <Card className="grid gap-4 p-5 lg:col-span-2">
      <Field id="post-title" label="Titre" error={errors.title?.message}>
        <Input {...fieldAria('post-title', errors.title?.message)} {...register('title')} />
      </Field>
      <Field
        id="post-slug"
        label="Slug"
        error={errors.slug?.message}
        hint={`Adresse de l'article : ${localePath(isLanguage(language) ? language : DEFAULT_LANGUAGE, '/blog/slug')}`}
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
      <Tabs.Root value={tab} onValueChange={onTab}>
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
  );
}
