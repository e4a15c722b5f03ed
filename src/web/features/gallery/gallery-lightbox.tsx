import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { GalleryItem } from '../../lib/types';
import { GalleryImage } from './gallery-image';

/**
 * Full-screen view in a native modal <dialog> (focus trap, Escape and focus return come with
 * it, at no JavaScript cost). Closed by its button, Escape, or a click outside the picture:
 * the dialog covers the screen, so a click on its own background is "outside".
 */
export function GalleryLightbox({ item, onClose }: { item: GalleryItem | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (item && !d.open) d.showModal();
    if (!item && d.open) d.close();
  }, [item]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes, as Escape does for the keyboard (native <dialog>)
    <dialog
      ref={ref}
      aria-labelledby="lightbox-title"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className="m-0 hidden h-dvh max-h-none w-screen max-w-none items-center justify-center bg-transparent p-4 pt-20 text-bone-50 backdrop:bg-ink-950/95 open:flex"
      data-testid="lightbox"
    >
      {item && (
        <>
          <figure className="flex max-h-full max-w-6xl flex-col items-center">
            <GalleryImage
              item={item}
              sizes="(min-width: 1200px) 1152px, calc(100vw - 2rem)"
              eager
              className="max-h-[calc(100dvh-10rem)] w-auto max-w-full rounded-lg object-contain"
            />
            <figcaption className="mt-3 text-center">
              <span id="lightbox-title" className="block text-lg font-bold">
                {item.title}
              </span>
              {item.description && <span className="block text-ink-300">{item.description}</span>}
            </figcaption>
          </figure>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="absolute top-4 right-4 inline-flex size-12 items-center justify-center rounded-full bg-ink-800 text-bone-50 hover:bg-blood-600"
          >
            <X aria-hidden className="size-6" />
          </button>
        </>
      )}
    </dialog>
  );
}
