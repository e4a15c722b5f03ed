import type { GalleryItem } from '../../lib/types';
import { useAction } from '../../lib/use-action';
import { useDeleteImage, useRestoreImage } from './api';

/** Deletes an image at once (SPEC.md §2: no confirmation); the toast's "Annuler" restores it. */
export function useRemoveImage() {
  const del = useDeleteImage();
  const restore = useRestoreImage();
  const act = useAction();

  function undoRemove(item: GalleryItem) {
    return act(() => restore.mutateAsync(item.id), {
      success: { title: 'Succès', description: 'Suppression annulée : image restaurée' },
      failure: "Impossible de restaurer l'image",
    });
  }

  return (item: GalleryItem) =>
    act(() => del.mutateAsync(item.id), {
      // The server keeps a deleted item for an hour: "Annuler" restores it whole.
      success: {
        title: 'Succès',
        description: 'Image supprimée',
        action: { label: 'Annuler', altText: `Annuler la suppression de l'image ${item.title}`, onAction: () => void undoRemove(item) },
      },
      failure: "Impossible de supprimer l'image",
    });
}
