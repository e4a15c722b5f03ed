import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import type { GalleryItem } from '../../lib/types';

/** Thumbnail: the smallest WebP variant wide enough, else the stored image, else a text tile. */
export function Thumb({ item }: { item: GalleryItem }) {
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
