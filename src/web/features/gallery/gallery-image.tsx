import { useEffect, useRef } from 'react';
import { srcSetOf } from '../../../shared/media';
import type { GalleryItem } from '../../lib/types';

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
      srcSet={srcSetOf(item.variants)}
      sizes={srcSetOf(item.variants) ? sizes : undefined}
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
