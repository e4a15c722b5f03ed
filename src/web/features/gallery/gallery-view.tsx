import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useAutoAdvance, useMediaQuery, useReducedMotion } from '../../lib/hooks';
import type { GalleryItem } from '../../lib/types';
import { GalleryLightbox } from './gallery-lightbox';
import { GalleryTile } from './gallery-tile';
import { useT } from '../../i18n/i18n';

// The gallery's interactive part, an island (islands/registry.ts): the carousel below 768 px,
// the grid above, and the lightbox. Its items come as props from the server's render.

/** Carousel step and breakpoint (SPEC.md §9). */
const CAROUSEL_MS = 4000;
const MOBILE_QUERY = '(max-width: 767.98px)';

export default function GalleryView({ items }: { items: GalleryItem[] }) {
  const [open, setOpen] = useState<GalleryItem | null>(null);
  return (
    <>
      <GalleryCarousel items={items} onOpen={setOpen} />
      <ul className="hidden gap-4 md:grid md:grid-cols-2 lg:grid-cols-3" data-testid="gallery-grid">
        {items.map((item) => (
          <li key={item.id}>
            <GalleryTile item={item} onOpen={setOpen} sizes="(min-width: 1024px) 33vw, 50vw" />
          </li>
        ))}
      </ul>
      <GalleryLightbox item={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** Below 768 px: one picture at a time, every 4 s, wrapping; arrows, dots and a pause button. */
function GalleryCarousel({ items, onOpen }: { items: GalleryItem[]; onOpen: (item: GalleryItem) => void }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const reduced = useReducedMotion();
  const n = items.length;
  const current = index % n;
  const go = (i: number) => setIndex(((i % n) + n) % n);
  const autoplay = mobile && !reduced && n > 1;
  useAutoAdvance(autoplay && !userPaused && !hovered, CAROUSEL_MS, () => setIndex((i) => (i + 1) % n));

  // The slides beside the current one sit outside the clipped track, where lazy images never
  // load: once the carousel nears the viewport on a phone, the previous and next pictures
  // (wrapping) load eagerly, so an arrow, a swipe or the automatic step never shows a blank.
  // Not on desktop: the carousel is hidden there and an eager image would still download.
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, mobile);
  const eager = (i: number) => near && (i === current || i === (current + 1) % n || i === (current - 1 + n) % n);

  return (
    <div
      ref={ref}
      className="md:hidden"
      role="region"
      aria-roledescription="carousel"
      aria-label={t('gallery.label')}
      data-testid="gallery-carousel"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="overflow-hidden rounded-card">
        <div className="flex transition-transform duration-500 ease-(--ease-punch)" style={{ transform: `translateX(-${current * 100}%)` }}>
          {items.map((item, i) => (
            <div
              key={item.id}
              className="w-full shrink-0"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${n}`}
              aria-hidden={i !== current}
              inert={i !== current}
              data-active={i === current}
            >
              <GalleryTile item={item} onOpen={onOpen} sizes="calc(100vw - 2rem)" eager={eager(i)} />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => go(current - 1)}
          aria-label={t('gallery.previous')}
          className="inline-flex size-11 items-center justify-center rounded-full border border-ink-600 hover:bg-ink-800"
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <div className="flex flex-wrap items-center justify-center gap-1">
          {items.map((item, i) => (
            <button
              key={item.id}
              type="button"
              onClick={() => go(i)}
              aria-label={`Show image ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              className="inline-flex size-6 items-center justify-center"
            >
              <span className={`block h-2 rounded-full transition-all ${i === current ? 'w-5 bg-blood-500' : 'w-2 bg-ink-600'}`} />
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          {autoplay && (
            <button
              type="button"
              onClick={() => setUserPaused((p) => !p)}
              aria-label={userPaused ? t('gallery.play') : t('gallery.pause')}
              className="inline-flex size-11 items-center justify-center rounded-full border border-ink-600 hover:bg-ink-800"
            >
              {userPaused ? <Play aria-hidden className="size-5" /> : <Pause aria-hidden className="size-5" />}
            </button>
          )}
          <button
            type="button"
            onClick={() => go(current + 1)}
            aria-label={t('gallery.next')}
            className="inline-flex size-11 items-center justify-center rounded-full border border-ink-600 hover:bg-ink-800"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      </div>
    </div>
  );
}

/** True once the element has come within about a screen of the viewport (and stays true). */
function useNearViewport(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || near || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '100% 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, enabled, near]);
  return near;
}
