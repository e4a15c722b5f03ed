import { Link2, Upload } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useDropzone } from 'react-dropzone';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { IMAGE_DROPZONE_OPTIONS, rejectionText } from '../../lib/image-drop';
import { CategoryInput } from './category-input';
import { useAddImage, type ImageSource } from './use-add-image';

const modeTab =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

/** "Ajouter une image": from a file (dropped on the page, dropped here or chosen) or from an Instagram link. */
export function AddImageDialog({
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
  const form = useAddImage({ open, initialFile, onDone: () => onOpenChange(false) });
  const { busy, file, preview, progress } = form;

  const dz = useDropzone({
    ...IMAGE_DROPZONE_OPTIONS,
    onDrop(accepted, rejected) {
      if (accepted[0]) form.chooseFile(accepted[0]);
      else if (rejected.length) toast({ title: 'Erreur', description: rejectionText(rejected), variant: 'destructive' });
    },
  });
  const instagramError = form.instagramInvalid ? 'Format de lien Instagram invalide' : undefined;

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        if (busy) return;
        if (!o) form.reset();
        onOpenChange(o);
      }}
      title="Ajouter une image"
      description="Depuis un fichier ou un lien Instagram."
    >
      <form onSubmit={(e) => void form.submit(e)} noValidate className="grid gap-4">
        <Tabs.Root value={form.mode} onValueChange={(v) => form.setMode(v as ImageSource)}>
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
            <Field id="gallery-instagram" label="Lien de la publication Instagram" error={instagramError}>
              <Input
                type="url"
                placeholder="https://www.instagram.com/p/…"
                value={form.instagramUrl}
                onChange={(e) => form.setInstagramUrl(e.target.value)}
                {...fieldAria('gallery-instagram', instagramError)}
              />
            </Field>
          </Tabs.Content>
        </Tabs.Root>

        <Field id="gallery-title" label="Titre">
          <Input id="gallery-title" value={form.title} onChange={(e) => form.setTitle(e.target.value)} required />
        </Field>
        <Field id="gallery-description" label="Description">
          <Textarea id="gallery-description" rows={2} value={form.description} onChange={(e) => form.setDescription(e.target.value)} />
        </Field>
        <Field id="gallery-category" label="Catégorie">
          <CategoryInput id="gallery-category" value={form.category} onChange={(e) => form.setCategory(e.target.value)} categories={categories} />
        </Field>

        {progress !== null && <UploadProgress progress={progress} />}

        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              form.reset();
              onOpenChange(false);
            }}
          >
            Annuler
          </Button>
          <Button type="submit" pending={busy} disabled={form.title.trim() === ''}>
            Ajouter
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function UploadProgress({ progress }: { progress: number }) {
  return (
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
  );
}
