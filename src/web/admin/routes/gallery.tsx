import { Plus } from 'lucide-react';
import { useState } from 'react';
import { FilterPanel } from '../components/filter-panel';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/field';
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
  const { filter, setFilter, clear, chip, options, visible, suggestions } = useGalleryFilter(items);
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

      {/* On a phone the category folds behind "Filtres" and shows as a chip when chosen. */}
      <div className="flex flex-col md:flex-row md:items-start md:justify-between md:gap-2">
        <FilterPanel
          label="Filtrer les images"
          wideClassName="w-72"
          search={
            // On a phone the count sits beside the "Filtres" button.
            items && (
              <p className="py-3 text-sm text-gray-700 md:hidden">
                {visible.length} image{visible.length > 1 ? 's' : ''}
              </p>
            )
          }
          chips={chip ? [{ key: 'categorie', label: chip, onRemove: clear }] : []}
          onClear={clear}
          resultLabel={`Voir ${visible.length} image${visible.length > 1 ? 's' : ''}`}
          fields={
            // The label shows only in the phone's sheet; beside the count the select names itself (aria-label).
            <div className="grid gap-1.5 md:block">
              <Label htmlFor="gallery-filter-category" className="md:hidden">
                Catégorie
              </Label>
              <Select id="gallery-filter-category" aria-label="Filtrer par catégorie" value={filter} onValueChange={setFilter} options={options} />
            </div>
          }
        />
        {items && (
          <p className="mb-4 hidden text-sm text-gray-700 md:mt-2.5 md:block" data-testid="gallery-count">
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
