import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code is fetched only when its place on the page comes near the viewport
 * (or receives focus or a tap). The server renders it in full; during hydration React keeps
 * that HTML until the chunk arrives, so the forms far down the landing page cost no
 * JavaScript at load (the landing page's budget is 150 KB).
 *
 * A boundary still waiting for its code blocks React from committing a navigation (React
 * cannot tell whether the dehydrated part reads the router's context). So any click on a
 * link or button, and any history move, releases every waiting chunk at once: the
 * navigation then waits a few milliseconds for them instead of forever.
 */
export function lazyWhenVisible<P extends object>(slotId: string, factory: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(() => (typeof window === 'undefined' ? factory() : whenNear(slotId).then(factory)));
  return function LazyWhenVisible({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    return (
      <div id={slotId}>
        <Suspense fallback={fallback}>
          <Lazy {...(props as P)} />
        </Suspense>
      </div>
    );
  };
}

const waiting = new Set<() => void>();
let listening = false;

function releaseAll() {
  for (const release of [...waiting]) release();
}

function listenForNavigation() {
  if (listening) return;
  listening = true;
  document.addEventListener(
    'click',
    (e) => {
      if ((e.target as Element | null)?.closest?.('a[href], button')) releaseAll();
    },
    true,
  );
  window.addEventListener('popstate', releaseAll);
}

function whenNear(slotId: string): Promise<void> {
  return new Promise((resolve) => {
    listenForNavigation();
    let io: IntersectionObserver | undefined;
    let el: HTMLElement | null = null;
    const done = () => {
      waiting.delete(done);
      io?.disconnect();
      el?.removeEventListener('focusin', done);
      el?.removeEventListener('pointerdown', done);
      resolve();
    };
    waiting.add(done);
    // The slot is rendered before its lazy child, but wait a frame in case it is not attached yet.
    requestAnimationFrame(() => {
      el = document.getElementById(slotId);
      if (!el || typeof IntersectionObserver === 'undefined') return done();
      io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), { rootMargin: '400px 0px' });
      io.observe(el);
      el.addEventListener('focusin', done);
      el.addEventListener('pointerdown', done);
    });
  });
}
