import { ExternalLink, Expand } from 'lucide-react';
import { useState } from 'react';
import { InstagramIcon } from '../../components/ui/brand-icons';
import type { GalleryItem } from '../../lib/types';
import { GalleryImage } from './gallery-image';

export const isInstagram = (item: GalleryItem) => Boolean(item.instagramUrl);

/**
 * One gallery item: an uploaded image opens the lightbox; an Instagram item opens the post in
 * a new tab, and when its thumbnail cannot load it becomes a text tile.
 */
export function GalleryTile({
  item,
  sizes,
  onOpen,
  eager = false,
  className = '',
}: {
  item: GalleryItem;
  sizes: string;
  onOpen: (item: GalleryItem) => void;
  /** Load the picture now rather than when it nears the viewport. */
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  // The focus ring is drawn inside: the phone carousel's track clips anything outside a slide.
  const frame = `group relative block aspect-[4/3] w-full overflow-hidden rounded-card border border-ink-700 bg-ink-800 text-left focus-visible:outline-offset-[-3px] ${className}`;

  if (isInstagram(item)) {
    const thumb = item.imageUrl || item.instagramUrl;
    return (
      <a href={item.instagramUrl!} target="_blank" rel="noopener noreferrer" className={frame} data-testid="gallery-instagram">
        {thumb && !failed ? (
          <GalleryImage
            item={{ ...item, imageUrl: thumb }}
            sizes={sizes}
            eager={eager}
            onFail={() => setFailed(true)}
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        ) : (
          <span
            className="flex size-full flex-col items-center justify-center gap-3 bg-[linear-gradient(135deg,#3b0d0a,#111113_55%,#3a2a07)] p-6 text-center"
            data-testid="gallery-text-tile"
          >
            <InstagramIcon className="size-10 text-bone-50" />
            <span className="line-clamp-2 text-lg font-bold">{item.title}</span>
            <span className="text-sm text-ink-300">View on Instagram</span>
          </span>
        )}
        <span className="absolute top-3 right-3 inline-flex items-center gap-1 rounded-pill bg-ink-950/80 px-2.5 py-1 text-xs font-semibold">
          <ExternalLink aria-hidden className="size-3.5" />
          <span className="sr-only">{item.title}: </span>Instagram<span className="sr-only"> (opens in a new tab)</span>
        </span>
      </a>
    );
  }

  return (
    <button type="button" onClick={() => onOpen(item)} className={frame} aria-haspopup="dialog" data-testid="gallery-image">
      <GalleryImage item={item} sizes={sizes} eager={eager} className="size-full object-cover transition-transform duration-500 group-hover:scale-105" />
      <span className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-ink-950/95 to-transparent p-4 pt-12">
        <span className="font-semibold">{item.title}</span>
        <Expand aria-hidden className="size-5 shrink-0 opacity-80" />
      </span>
    </button>
  );
}
