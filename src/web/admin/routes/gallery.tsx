import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, ImageOff, Link2, Loader2, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { forwardRef, useEffect, useMemo, useState, type InputHTMLAttributes } from 'react';
import { useDropzone } from 'react-dropzone';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { INSTAGRAM_URL_PATTERN, galleryInstagramSchema, galleryMetaSchema } from '../../../shared/schemas/gallery';
import { Badge } from '../components/ui/badge';
import { StaleEditAlert, staleEditMessage } from '../components/stale-edit';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Modal } from '../components/ui/dialog';
import { Field, Input, Textarea, fieldAria } from '../components/ui/field';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import {
  extractInstagramImageUrl,
  isUncategorised,
  useAddInstagram,
  useDeleteImage,
  useRestoreImage,
  useGallery,
  useUpdateImage,
  useUploadImage,
} from '../features/gallery/api';
import { errorText } from '../../lib/api-client';
import { cn } from '../lib/cn';
import { IMAGE_DROPZONE_OPTIONS as DROPZONE_OPTIONS, rejectionText } from '../lib/image-drop';
import type { GalleryItem } from '../lib/types';
import { NO_FILE } from '../../../shared/messages';
import { Tip } from '../components/ui/tip';

const UPLOAD_FAILED = "Impossible d'ajouter l'image";
const SUGGESTED_CATEGORIES = ['muay-thai', 'bjj', 'mma', 'wrestling', 'luta-livre', 'events'];
const ALL = '__all__';
const NONE = '__none__';

const stripExtension = (name: string) => name.replace(/\.[^.]+$/, '');

/** Thumbnail: the smallest WebP variant wide enough, else the stored image, else a text tile. */
function Thumb({ item }: { item: GalleryItem }) {
  const [failed, setFailed] = useState(false);
  const src = item.imageUrl ?? item.instagramUrl;
  if (!src || failed) {
    return (
      <div className="flex h-full w-full flex-col items-center justify-center gap-2 bg-gray-200 p-4 text-center text-sm text-gray-800">
        <ImageOff className="h-6 w-6" aria-hidden />
        {item.instagramUrl ? 'Publication Instagram' : 'Image indisponible'}
      </div>
    );
  }
  const srcSet = item.variants?.length ? item.variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes="(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 45vw, 100vw"
      alt={item.title}
      loading="lazy"
      onError={() => setFailed(true)}
      className="h-full w-full object-cover"
    />
  );
}

export function GalleryPage() {
  const { data: items, isLoading } = useGallery();
  const del = useDeleteImage();
  const restore = useRestoreImage();
  const toast = useToast();
  const [filter, setFilter] = useState<string>(ALL);
  const [addOpen, setAddOpen] = useState(false);
  const [droppedFile, setDroppedFile] = useState<File | null>(null);
  const [editing, setEditing] = useState<GalleryItem | null>(null);

  const categories = useMemo(() => {
    const counts = new Map<string, number>();
    for (const i of items ?? []) if (!isUncategorised(i)) counts.set(i.category, (counts.get(i.category) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }, [items]);
  const uncategorisedCount = (items ?? []).filter(isUncategorised).length;
  // Category is free text; both dialogs suggest the existing ones and the gym's disciplines.
  const suggestions = [...new Set([...categories.map(([c]) => c), ...SUGGESTED_CATEGORIES])];

  const visible = (items ?? []).filter((i) => (filter === ALL ? true : filter === NONE ? isUncategorised(i) : i.category === filter));

  const filterOptions = [
    { value: ALL, label: `Toutes les catégories (${items?.length ?? 0})` },
    ...categories.map(([c, n]) => ({ value: c, label: `${c} (${n})` })),
    { value: NONE, label: `Sans catégorie (${uncategorisedCount})` },
  ];

  // The page-wide drop zone: the first accepted file opens the add dialog with it.
  const dropzone = useDropzone({
    ...DROPZONE_OPTIONS,
    onDrop(accepted, rejected) {
      if (accepted[0]) {
        setDroppedFile(accepted[0]);
        setAddOpen(true);
      } else if (rejected.length) {
        toast({ title: 'Erreur', description: rejectionText(rejected), variant: 'destructive' });
      }
    },
  });

  async function remove(item: GalleryItem) {
    // SPEC.md §2: delete runs at once, no confirmation.
    try {
      await del.mutateAsync(item.id);
      // The server keeps a deleted item for an hour: "Annuler" restores it whole.
      toast({
        title: 'Succès',
        description: 'Image supprimée',
        action: { label: 'Annuler', altText: `Annuler la suppression de l'image ${item.title}`, onAction: () => void undoRemove(item) },
      });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, "Impossible de supprimer l'image"), variant: 'destructive' });
    }
  }

  async function undoRemove(item: GalleryItem) {
    try {
      await restore.mutateAsync(item.id);
      toast({ title: 'Succès', description: 'Suppression annulée : image restaurée' });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, "Impossible de restaurer l'image"), variant: 'destructive' });
    }
  }

  return (
    <>
      <PageHeader
        title="Galerie"
        subtitle="Gérez vos images"
        actions={
          <Button
            onClick={() => {
              setDroppedFile(null);
              setAddOpen(true);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Ajouter une image
          </Button>
        }
      />

      <div
        {...dropzone.getRootProps({
          className: cn(
            'mb-6 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-8 text-center transition-colors',
            'focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none',
            dropzone.isDragActive ? 'border-red-600 bg-red-50' : 'border-gray-300 bg-white hover:border-gray-400',
          ),
        })}
        data-testid="gallery-dropzone"
      >
        <input {...dropzone.getInputProps({ multiple: false })} aria-label="Fichier image" />
        <Upload className="h-8 w-8 text-gray-600" aria-hidden />
        <p className="font-medium text-gray-900">Glissez-déposez une image ici</p>
        {/* The zone is not a control itself (no nested controls): this button is; its click bubbles to the zone, which opens the file picker. */}
        <Button variant="outline" size="sm">
          Choisir un fichier
        </Button>
        <p className="text-sm text-gray-700">JPG, PNG, GIF ou WebP, 10 Mo maximum</p>
      </div>

      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="w-full sm:w-72">
          <Select aria-label="Filtrer par catégorie" value={filter} onValueChange={setFilter} options={filterOptions} />
        </div>
        {items && (
          <p className="text-sm text-gray-700" data-testid="gallery-count">
            {visible.length} image{visible.length > 1 ? 's' : ''}
          </p>
        )}
      </div>

      {isLoading && <Spinner />}
      {items && visible.length === 0 && <EmptyState title="Aucune image" />}
      {visible.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Images">
          {visible.map((item) => (
            <li key={item.id}>
              <Card className="group relative h-full overflow-hidden" data-testid="gallery-card">
                <div className="relative aspect-[4/3] bg-gray-100">
                  <Thumb item={item} />
                  {/* Hover actions; always visible on touch screens and while focused from the keyboard. */}
                  <div className="absolute inset-x-0 top-0 flex justify-end gap-1 bg-gradient-to-b from-black/60 to-transparent p-2 transition-opacity pointer-fine:opacity-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:opacity-100">
                    {item.instagramUrl && (
                      <Tip label={`Ouvrir ${item.title} sur Instagram (nouvel onglet)`}>
                        <a
                          href={item.instagramUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`Ouvrir ${item.title} sur Instagram (nouvel onglet)`}
                          className="inline-flex h-9 w-9 items-center justify-center rounded-md bg-white text-gray-900 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
                        >
                          <ExternalLink className="h-4 w-4" aria-hidden />
                        </a>
                      </Tip>
                    )}
                    <IconButton label={`Modifier ${item.title}`} variant="outline" onClick={() => setEditing(item)}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton label={`Supprimer ${item.title}`} variant="outline" onClick={() => remove(item)} className="text-red-700">
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </IconButton>
                  </div>
                </div>
                <div className="p-3">
                  <div className="flex items-start justify-between gap-2">
                    <h2 className="min-w-0 flex-1 font-semibold wrap-anywhere text-gray-900">{item.title}</h2>
                    <Badge tone={item.instagramUrl ? 'purple' : 'gray'} truncate className="max-w-[50%]">
                      {item.category || 'general'}
                    </Badge>
                  </div>
                  {item.description && <p className="mt-1 line-clamp-2 text-sm wrap-anywhere text-gray-700">{item.description}</p>}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <AddImageDialog open={addOpen} onOpenChange={setAddOpen} initialFile={droppedFile} categories={suggestions} />
      <EditImageDialog item={editing} onClose={() => setEditing(null)} categories={suggestions} />
    </>
  );
}

/** Free-text category with a suggestion list; takes the add dialog's state or react-hook-form's register(). */
const CategoryInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { id: string; categories: string[] }>(function CategoryInput(
  { id, categories, ...props },
  ref,
) {
  return (
    <>
      <Input ref={ref} id={id} list={`${id}-list`} placeholder="general" autoComplete="off" {...props} />
      <datalist id={`${id}-list`}>
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </>
  );
});

const modeTab =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

function AddImageDialog({
  open,
  onOpenChange,
  initialFile,
  categories,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialFile: File | null;
  categories: string[];
}) {
  const toast = useToast();
  const upload = useUploadImage();
  const addInstagram = useAddInstagram();
  const [mode, setMode] = useState<'file' | 'instagram'>('file');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [instagramUrl, setInstagramUrl] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  function reset() {
    setMode('file');
    setTitle('');
    setDescription('');
    setCategory('');
    chooseFile(null);
    setInstagramUrl('');
    setProgress(null);
  }

  function chooseFile(f: File | null) {
    setFile(f);
    setPreview((old) => {
      if (old) URL.revokeObjectURL(old);
      return f ? URL.createObjectURL(f) : null;
    });
    // SPEC.md §2: the title is pre-filled from the file name without its extension.
    if (f) setTitle(stripExtension(f.name));
  }

  useEffect(() => {
    if (open && initialFile) {
      setMode('file');
      chooseFile(initialFile);
    }
  }, [open, initialFile]);

  const dz = useDropzone({
    ...DROPZONE_OPTIONS,
    onDrop(accepted, rejected) {
      if (accepted[0]) chooseFile(accepted[0]);
      else if (rejected.length) toast({ title: 'Erreur', description: rejectionText(rejected), variant: 'destructive' });
    },
  });

  const instagramInvalid = instagramUrl.trim() !== '' && !INSTAGRAM_URL_PATTERN.test(instagramUrl.trim());
  const busy = upload.isPending || addInstagram.isPending;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!title.trim()) {
      toast({ title: 'Erreur', description: 'Veuillez saisir un titre', variant: 'destructive' });
      return;
    }
    if (mode === 'instagram') {
      if (!INSTAGRAM_URL_PATTERN.test(instagramUrl.trim())) {
        toast({ title: 'Erreur', description: 'Veuillez saisir un lien Instagram valide', variant: 'destructive' });
        return;
      }
      const imageUrl = extractInstagramImageUrl(instagramUrl);
      if (!imageUrl) {
        toast({ title: 'Erreur', description: "Impossible d'extraire l'image du lien Instagram", variant: 'destructive' });
        return;
      }
      const parsed = galleryInstagramSchema.safeParse({ title, description, category, instagramUrl: instagramUrl.trim(), imageUrl, filename: '' });
      if (!parsed.success) {
        toast({ title: 'Erreur', description: UPLOAD_FAILED, detail: parsed.error.issues[0]?.message, variant: 'destructive' });
        return;
      }
      try {
        await addInstagram.mutateAsync(parsed.data);
        toast({ title: 'Succès', description: 'Image Instagram ajoutée à la galerie' });
        reset();
        onOpenChange(false);
      } catch (err) {
        toast({ title: 'Erreur', description: UPLOAD_FAILED, detail: errorText(err, '') || undefined, variant: 'destructive' });
      }
      return;
    }
    if (!file) {
      toast({ title: 'Erreur', description: NO_FILE, variant: 'destructive' });
      return;
    }
    let meta: z.output<typeof galleryMetaSchema>;
    try {
      meta = galleryMetaSchema.parse({ title, description, category });
    } catch {
      toast({ title: 'Erreur', description: 'Erreur lors de la préparation du fichier', variant: 'destructive' });
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ file, meta, onProgress: setProgress });
      toast({ title: 'Succès', description: 'Image ajoutée à la galerie' });
      reset();
      onOpenChange(false);
    } catch (err) {
      setProgress(null);
      // SPEC.md §8's text as written; the server's reason, when it gave one, on a line of its own.
      toast({ title: 'Erreur', description: UPLOAD_FAILED, detail: errorText(err, '') || undefined, variant: 'destructive' });
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        if (busy) return;
        if (!o) reset();
        onOpenChange(o);
      }}
      title="Ajouter une image"
      description="Depuis un fichier ou un lien Instagram."
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Tabs.Root value={mode} onValueChange={(v) => setMode(v as 'file' | 'instagram')}>
          <Tabs.List aria-label="Source de l'image" className="flex rounded-lg bg-gray-100 p-1">
            <Tabs.Trigger value="file" className={modeTab}>
              <Upload className="h-4 w-4" aria-hidden /> Fichier
            </Tabs.Trigger>
            <Tabs.Trigger value="instagram" className={modeTab}>
              <Link2 className="h-4 w-4" aria-hidden /> Lien Instagram
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="file" className="mt-4">
            <div
              {...dz.getRootProps({
                className: cn(
                  'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center',
                  'focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none',
                  dz.isDragActive ? 'border-red-600 bg-red-50' : 'border-gray-300 hover:border-gray-400',
                ),
              })}
            >
              <input {...dz.getInputProps({ multiple: false })} aria-label="Fichier image" data-testid="add-dialog-file-input" />
              {preview ? <img src={preview} alt="" className="max-h-40 rounded object-contain" /> : <Upload className="h-8 w-8 text-gray-600" aria-hidden />}
              <p className="text-sm font-medium break-all text-gray-900">{file ? file.name : 'Glissez-déposez une image ici'}</p>
              <Button variant="outline" size="sm">
                {file ? 'Choisir un autre fichier' : 'Choisir un fichier'}
              </Button>
              <p className="text-xs text-gray-700">JPG, PNG, GIF ou WebP, 10 Mo maximum</p>
            </div>
          </Tabs.Content>
          <Tabs.Content value="instagram" className="mt-4">
            <Field id="gallery-instagram" label="Lien de la publication Instagram" error={instagramInvalid ? 'Format de lien Instagram invalide' : undefined}>
              <Input
                type="url"
                placeholder="https://www.instagram.com/p/…"
                value={instagramUrl}
                onChange={(e) => setInstagramUrl(e.target.value)}
                {...fieldAria('gallery-instagram', instagramInvalid ? 'Format de lien Instagram invalide' : undefined)}
              />
            </Field>
          </Tabs.Content>
        </Tabs.Root>

        <Field id="gallery-title" label="Titre">
          <Input id="gallery-title" value={title} onChange={(e) => setTitle(e.target.value)} required />
        </Field>
        <Field id="gallery-description" label="Description">
          <Textarea id="gallery-description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field id="gallery-category" label="Catégorie">
          <CategoryInput id="gallery-category" value={category} onChange={(e) => setCategory(e.target.value)} categories={categories} />
        </Field>

        {progress !== null && (
          <div className="grid gap-1">
            <div
              role="progressbar"
              aria-label="Envoi de l'image"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 overflow-hidden rounded-full bg-gray-200"
            >
              <div className="h-full bg-red-700 transition-[width]" style={{ width: `${progress}%` }} />
            </div>
            <p className="text-xs text-gray-700">{progress < 100 ? `Envoi… ${progress} %` : 'Traitement de l’image…'}</p>
          </div>
        )}

        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              reset();
              onOpenChange(false);
            }}
          >
            Annuler
          </Button>
          <Button type="submit" disabled={busy || title.trim() === ''}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Ajouter
          </Button>
        </div>
      </form>
    </Modal>
  );
}

type MetaIn = z.input<typeof galleryMetaSchema>;
type MetaOut = z.output<typeof galleryMetaSchema>;

function EditImageDialog({ item, onClose, categories }: { item: GalleryItem | null; onClose: () => void; categories: string[] }) {
  const update = useUpdateImage();
  const toast = useToast();
  const qc = useQueryClient();
  const [stale, setStale] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<MetaIn, unknown, MetaOut>({ resolver: zodResolver(galleryMetaSchema) });

  useEffect(() => {
    if (item) reset({ title: item.title, description: item.description ?? '', category: item.category });
    setStale(null);
  }, [item, reset]);

  const onSubmit = handleSubmit(async (data) => {
    if (!item) return;
    try {
      // The version the dialog opened with: someone else's save in between is refused (409).
      await update.mutateAsync({ id: item.id, data: { ...data, version: item.version } });
      toast({ title: 'Succès', description: 'Image mise à jour' });
      onClose();
    } catch (err) {
      const staleMessage = staleEditMessage(err);
      if (staleMessage) return setStale(staleMessage);
      toast({ title: 'Erreur', description: errorText(err, "Impossible de mettre à jour l'image"), variant: 'destructive' });
    }
  });

  return (
    <Modal open={item !== null} onOpenChange={(o) => !o && onClose()} title="Modifier l'image">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="edit-image-title" label="Titre" error={errors.title?.message}>
          <Input {...fieldAria('edit-image-title', errors.title?.message)} {...register('title')} />
        </Field>
        <Field id="edit-image-description" label="Description">
          <Textarea id="edit-image-description" rows={2} {...register('description')} />
        </Field>
        <Field id="edit-image-category" label="Catégorie">
          <CategoryInput id="edit-image-category" categories={categories} {...register('category')} />
        </Field>
        {stale && (
          <StaleEditAlert
            message={stale}
            onReload={() => {
              void qc.invalidateQueries({ queryKey: ['/api/gallery'] });
              onClose();
            }}
          />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Enregistrer
          </Button>
        </div>
      </form>
    </Modal>
  );
}
