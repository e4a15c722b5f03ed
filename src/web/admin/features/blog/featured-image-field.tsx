import { ImageIcon, X } from 'lucide-react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { GalleryPicker } from '../../components/gallery-picker';
import { Button } from '../../components/ui/button';
import type { GalleryItem } from '../../lib/types';
import type { PostFormIn, PostFormOut } from './editor-form';

/** Where the picker finds the gallery's images and how it uploads a new one into it (the gallery feature's, given by the page). */
export interface ImageSourceProps {
  items: GalleryItem[] | undefined;
  loading: boolean;
  onUpload: (file: File) => Promise<GalleryItem>;
}

/** The featured image's preview, "Choisir dans la galerie" (or upload into it) and "Retirer l'image". */
export function FeaturedImageField({ gallery }: { gallery: ImageSourceProps }) {
  const { control, setValue, getValues } = useFormContext<PostFormIn, unknown, PostFormOut>();
  const featuredImage = useWatch({ control, name: 'featuredImage' });
  const [pickerOpen, setPickerOpen] = useState(false);

  return (
    <>
      <div className="grid gap-2">
        <span className="text-sm font-medium text-gray-900">Image à la une</span>
        {featuredImage ? (
          <img src={featuredImage} alt="" className="aspect-[16/9] w-full rounded-md border border-gray-200 object-cover" data-testid="featured-preview" />
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
      <GalleryPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        items={gallery.items}
        loading={gallery.loading}
        onUpload={gallery.onUpload}
        onPick={(item) => {
          setValue('featuredImage', item.imageUrl ?? '', { shouldDirty: true });
          if (!getValues('featuredImageAlt')) setValue('featuredImageAlt', item.title, { shouldDirty: true });
          setPickerOpen(false);
        }}
      />
    </>
  );
}
