// The first script of a page made of islands: a classic, deferred script fetched at low priority
// (server/web/ssr.ts writes its tag in place of the module entry's). It asks for the page's module
// entry only once the first contentful paint is on screen. Every module script is fetched at high
// priority, and Lighthouse's simulation counts a high-priority script that arrived before the
// paint as holding it back: started earlier, the entry and its imports made FCP and LCP vary
// between runs by a round trip or two (bench/RESULTS.md, decision 122).
//
// It imports and exports nothing, so its output is a plain script.

(() => {
  const me = document.currentScript as HTMLScriptElement | null;
  const entry = me?.dataset.entry;
  if (!entry) return;
  // A tap on an island's button or a form sent before the islands runtime has come: held for it
  // to replay (islands/boot.ts). A form sent now would be the browser's own GET of the page,
  // which drops what was typed. A second tap on the same thing replaces the first.
  const early: NonNullable<Window['gymEarlyTaps']> = { closed: false, taps: [] };
  window.gymEarlyTaps = early;
  const keep = (target: Element, submitter?: HTMLElement | null) => {
    early.taps = early.taps.filter((t) => t.target !== target);
    early.taps.push({ target, submitter });
  };
  document.addEventListener(
    'click',
    (e) => {
      const button = !early.closed && e.target instanceof Element ? e.target.closest<HTMLElement>('button, [role="button"]') : null;
      // A popover's button works without code; a submit button sends its form (held below).
      if (!button?.closest('[data-island]') || button.hasAttribute('popovertarget')) return;
      if (button instanceof HTMLButtonElement && button.type === 'submit' && button.form) return;
      e.preventDefault();
      keep(button);
    },
    true,
  );
  document.addEventListener(
    'submit',
    (e) => {
      const form = e.target as HTMLFormElement;
      if (early.closed || !form.closest('[data-island]')) return;
      e.preventDefault();
      keep(form, e.submitter);
    },
    true,
  );

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  const paints = typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? []);
  if (!paints.includes('paint')) return start();
  const seen = new PerformanceObserver((list) => {
    if (!list.getEntries().some((e) => e.name === 'first-contentful-paint')) return;
    seen.disconnect();
    start();
  });
  seen.observe({ type: 'paint', buffered: true });
  // A tab opened in the background paints nothing until it is shown; a tap or a key then, or a
  // browser that never reports the paint, starts the page all the same.
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) document.addEventListener(type, start, { once: true, capture: true, passive: true });
  setTimeout(start, 4000);
})();
