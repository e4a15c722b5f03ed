import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { AddImageDialog } from '../features/gallery/add-image-dialog';
import { useGallery } from '../features/gallery/api';
import { EditImageDialog } from '../features/gallery/edit-image-dialog';
import { GalleryCard } from '../features/gallery/gallery-card';
import { PageDropzone } from '../features/gallery/page-dropzone';
import { useGalleryFilter } from '../features/gallery/use-gallery-filter';
import { useRemoveImage } from '../features/gallery/use-remove-image';
import type { GalleryItem } from '../lib/types';

/** "Galerie": drop or add images, filter them by category, edit or delete each. */
export function GalleryPage() {
  const { data: items, isLoading } = useGallery();
  const remove = useRemoveImage();
  const { filter, setFilter, options, visible, suggestions } = useGalleryFilter(items);
  const [addOpen, setAddOpen] = useState(false);
  const [droppedFile, setDroppedFile] = useState<File | null>(null);
  const [editing, setEditing] = useState<GalleryItem | null>(null);

  const openAdd = (file: File | null) => {
    setDroppedFile(file);
    setAddOpen(true);
  };

  return (
    <>
      <PageHeader
        title="Galerie"
        subtitle="Gérez vos images"
        actions={
          <Button onClick={() => openAdd(null)}>
            <Plus className="h-4 w-4" aria-hidden />
            Ajouter une image
          </Button>
        }
      />

      <PageDropzone onFile={openAdd} />

      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="w-full sm:w-72">
          <Select aria-label="Filtrer par catégorie" value={filter} onValueChange={setFilter} options={options} />
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
              <GalleryCard item={item} onEdit={() => setEditing(item)} onRemove={() => void remove(item)} />
            </li>
          ))}
        </ul>
      )}

      <AddImageDialog open={addOpen} onOpenChange={setAddOpen} initialFile={droppedFile} categories={suggestions} />
      <EditImageDialog item={editing} onClose={() => setEditing(null)} categories={suggestions} />
    </>
  );
}
