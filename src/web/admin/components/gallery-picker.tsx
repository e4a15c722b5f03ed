import { ImagePlus, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { GALLERY_ACCEPTED_TYPES, GALLERY_MAX_BYTES } from '../../../shared/constants';
import type { GalleryItem } from '../lib/types';
import { useAction } from '../lib/use-action';
import { Button } from './ui/button';
import { Modal } from './ui/dialog';
import { ErrorAlert } from './ui/alert';

/**
 * Chooses an image of the gallery (uploaded files only: an Instagram link is not an image URL),
 * or uploads a new one into the gallery (the gallery's own endpoint: same checks, WebP variants)
 * and chooses it.
 */
export function GalleryPicker({
  open,
  onOpenChange,
  items,
  loading,
  onPick,
  onUpload,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: GalleryItem[] | undefined;
  loading: boolean;
  onPick: (item: GalleryItem) => void;
  onUpload: (file: File) => Promise<GalleryItem>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const act = useAction();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const images = (items ?? []).filter((i) => i.imageUrl && !i.instagramUrl);

  async function upload(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (!(GALLERY_ACCEPTED_TYPES as readonly string[]).includes(file.type)) return setError('Format accepté : JPG, PNG, GIF ou WebP.');
    if (file.size > GALLERY_MAX_BYTES) return setError("L'image dépasse 10 Mo.");
    setUploading(true);
    await act(async () => onPick(await onUpload(file)), { failure: "Impossible d'ajouter l'image", onError: setError });
    setUploading(false);
    if (input.current) input.current.value = '';
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Choisir l'image à la une"
      description="Une image de la galerie, ou une nouvelle ajoutée à la galerie."
      className="max-w-3xl"
    >
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            id="picker-upload"
            type="file"
            // Reached through the button below; named for assistive tools all the same.
            aria-label="Fichier image à téléverser"
            tabIndex={-1}
            accept={GALLERY_ACCEPTED_TYPES.join(',')}
            className="sr-only"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
          <Button variant="outline" pending={uploading} onClick={() => input.current?.click()}>
            {!uploading && <Upload className="h-4 w-4" aria-hidden />}
            {uploading ? 'Envoi…' : 'Téléverser une nouvelle image'}
          </Button>
          <span className="text-sm text-gray-700">JPG, PNG, GIF ou WebP, 10 Mo au plus ; elle rejoint la galerie.</span>
        </div>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {loading ? (
          <p className="text-sm text-gray-700">Chargement de la galerie…</p>
        ) : images.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-gray-700">
            <ImagePlus className="h-4 w-4" aria-hidden /> Aucune image dans la galerie.
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Images de la galerie">
            {images.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onPick(item)}
                  className="group block w-full overflow-hidden rounded-md border border-gray-200 text-left focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
                >
                  <img
                    src={item.variants[0]?.url ?? item.imageUrl ?? ''}
                    alt=""
                    className="aspect-[4/3] w-full object-cover group-hover:opacity-90"
                    loading="lazy"
                  />
                  <span className="block truncate px-2 py-1 text-sm text-gray-900">{item.title}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
