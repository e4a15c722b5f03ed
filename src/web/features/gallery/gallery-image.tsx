import { useEffect, useRef } from 'react';
import type { GalleryItem } from '../../lib/types';

/** srcset from the WebP variants (400/800/1600 px); none for external images. */
export function srcSetOf(item: GalleryItem): string | undefined {
  const v = item.variants?.filter((x) => x && x.url && x.width > 0) ?? [];
  return v.length ? v.map((x) => `${x.url} ${x.width}w`).join(', ') : undefined;
}

/** The middle variant is a sensible fallback src for browsers that ignore srcset. */
export function srcOf(item: GalleryItem): string {
  const v = item.variants ?? [];
  return v.find((x) => x.width === 800)?.url ?? v[0]?.url ?? item.imageUrl ?? item.instagramUrl ?? '';
}

/**
 * An <img> that reports a failed load, including one that failed before hydration attached
 * the onError handler (checked once mounted).
 */
export function GalleryImage({
  item,
  sizes,
  eager = false,
  className,
  onFail,
}: {
  item: GalleryItem;
  sizes: string;
  eager?: boolean;
  className?: string;
  onFail?: () => void;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const failRef = useRef(onFail);
  failRef.current = onFail;
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc !== '') failRef.current?.();
  }, []);
  return (
    <img
      ref={ref}
      src={srcOf(item)}
      srcSet={srcSetOf(item)}
      sizes={srcSetOf(item) ? sizes : undefined}
      alt={item.description ? `${item.title}: ${item.description}` : item.title}
      width={item.width ?? 800}
      height={item.height ?? 600}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => onFail?.()}
      className={className}
    />
  );
}
