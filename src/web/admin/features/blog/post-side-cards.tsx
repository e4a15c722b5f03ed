import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES_FR, isLanguage } from '../../../../shared/i18n/languages';
import { Card } from '../../components/ui/card';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { gymZoneName } from '../../lib/format';
import type { BlogCategory } from '../../lib/types';
import type { PostFormIn, PostFormOut } from './editor-form';
import { FeaturedImageField, type ImageSourceProps } from './featured-image-field';

const languageOptions = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES_FR[l].charAt(0).toUpperCase() + LANGUAGE_NAMES_FR[l].slice(1) }));

/** Publication (now or scheduled), category, language and the featured image. */
export function PostPublishingCard({ categories, gallery }: { categories: BlogCategory[] | undefined; gallery: ImageSourceProps }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PostFormIn, unknown, PostFormOut>();
  const published = useWatch({ control, name: 'published' });
  const categoryOptions = (categories ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
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
      {!published && (
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
      <FeaturedImageField gallery={gallery} />
      <Field id="post-image" label="Image à la une (URL)" error={errors.featuredImage?.message}>
        <Input type="url" placeholder="https://…" {...fieldAria('post-image', errors.featuredImage?.message)} {...register('featuredImage')} />
      </Field>
      <Field id="post-image-alt" label="Texte alternatif de l'image" error={errors.featuredImageAlt?.message} hint="Décrit l'image pour qui ne la voit pas.">
        <Input {...fieldAria('post-image-alt', errors.featuredImageAlt?.message)} {...register('featuredImageAlt')} />
      </Field>
    </Card>
  );
}

/** Référencement: the post's own SEO title and description. */
export function PostSeoCard() {
  const {
    register,
    formState: { errors },
  } = useFormContext<PostFormIn, unknown, PostFormOut>();
  return (
    <Card className="grid gap-4 p-5">
      <h2 className="font-semibold text-gray-900">Référencement</h2>
      <Field id="post-meta-title" label="Titre SEO" error={errors.metaTitle?.message}>
        <Input {...fieldAria('post-meta-title', errors.metaTitle?.message)} {...register('metaTitle')} />
      </Field>
      <Field id="post-meta-description" label="Description SEO" error={errors.metaDescription?.message}>
        <Textarea rows={3} {...fieldAria('post-meta-description', errors.metaDescription?.message)} {...register('metaDescription')} />
      </Field>
    </Card>
  );
}
