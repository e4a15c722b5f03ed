import type { ComponentType } from 'react';
import { isLanguage } from '../../shared/i18n/languages';
import { splitLanguage } from '../../shared/i18n/paths';
import { showLanguageSuggestion } from '../i18n/language-suggestion';
import { rememberLanguage } from '../i18n/language-choice';
import type { BootState } from '../lib/boot-state';
import { goToSection } from '../lib/section-nav';
import { startSectionScroll } from '../features/landing/section-scroll';
import type { EarlyTaps } from './early-taps';
import type { IslandContext } from './hydrate-island';
import { ISLAND_LOADERS, type IslandName } from './registry';
import { WAKE_EVENT } from './wake';

// The browser half of a page made of islands: the server's HTML stays as it is, and each
// [data-island] wrapper (island.tsx) becomes its own small React root, hydrated at once
// ("load"), when it comes near the viewport ("visible") or when the visitor first uses it
// ("interaction"). No router and no query cache are loaded: links are plain page loads. This
// module holds no React: React and the hydration (hydrate-island.tsx) come with the first
// island that hydrates, and the parts without markup of their own (the language suggestion,
// the landing's scroll to a section) are plain DOM code (decision 123).
//
// Nothing a visitor does before an island is ready is lost: a tap on one of its buttons or a
// form sent is held and replayed once it is hydrated, and what was typed into its fields is
// put back if hydration reset it.

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface Slot {
  el: HTMLElement;
  name: IslandName;
  started: boolean;
  ready: boolean;
  /** Called once the island has hydrated. */
  onReady: (() => void)[];
}

export function startIslands(boot: BootState): Promise<void> {
  const pageUrl = { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
  const i18n = boot.i18n ?? { language: splitLanguage(window.location.pathname).language, messages: {} };
  // The API data the server rendered the islands with (lib/resource.ts).
  const seed = { data: boot.data ?? {} };
  const ctx: IslandContext = { boot, i18n, pageUrl, seed };
  const slots = [...document.querySelectorAll<HTMLElement>('[data-island]')].flatMap((el): Slot[] => {
    const name = el.dataset.island as IslandName;
    return name in ISLAND_LOADERS ? [{ el, name, started: false, ready: false, onReady: [] }] : [];
  });
  const slotOf = (target: EventTarget | null) => {
    const el = target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null;
    return el ? slots.find((s) => s.el === el) : undefined;
  };

  let hydrating = false;
  const hydrate = (slot: Slot): Promise<void> => {
    if (slot.started) return new Promise((resolve) => (slot.ready ? resolve() : slot.onReady.push(resolve)));
    slot.started = true;
    hydrating = true;
    return Promise.all([ISLAND_LOADERS[slot.name](), import('./hydrate-island')]).then(
      ([{ default: Component }, { hydrateIsland }]) =>
        new Promise<void>((resolve) => {
          let props: object = {};
          try {
            props = JSON.parse(slot.el.dataset.props ?? '{}') as object;
          } catch {
            props = {};
          }
          const typed = snapshotFields(slot.el);
          const done = () => {
            slot.ready = true;
            // Browser tests wait for this mark before using an island that hydrates late.
            slot.el.dataset.hydrated = 'true';
            restoreFields(typed);
            resolve();
            slot.onReady.splice(0).forEach((f) => f());
          };
          hydrateIsland(slot.el, Component as ComponentType<object>, props, ctx, done);
        }),
      (err: unknown) => {
        // The code could not be fetched (offline, or a new deploy replaced it): the server's
        // HTML stays usable as it is, and a later use tries again.
        slot.started = false;
        console.error(`island ${slot.name} could not load`, err);
      },
    );
  };

  // A tap on a button or a form sent before its island is ready: held, then replayed.
  document.addEventListener(
    'click',
    (e) => {
      const slot = slotOf(e.target);
      if (!slot || slot.ready) return;
      const button = (e.target as Element).closest<HTMLElement>('button, [role="button"], summary');
      // A <summary> and a popover's button work without code: the browser's own action goes on.
      if (!button || button.tagName === 'SUMMARY' || button.hasAttribute('popovertarget')) return void hydrate(slot);
      if (button instanceof HTMLButtonElement && button.type === 'submit') return; // the submit handler below holds it
      e.preventDefault();
      e.stopPropagation();
      void hydrate(slot).then(() => button.click());
    },
    true,
  );
  document.addEventListener(
    'submit',
    (e) => {
      const slot = slotOf(e.target);
      if (!slot || slot.ready) return;
      e.preventDefault();
      e.stopPropagation();
      const form = e.target as HTMLFormElement;
      const submitter = e.submitter;
      void hydrate(slot).then(() => form.requestSubmit(submitter instanceof HTMLElement && submitter.closest('form') === form ? submitter : undefined));
    },
    true,
  );
  // First use: a finger or the keyboard on an island wakes it up.
  for (const type of ['pointerdown', 'focusin', 'keydown'] as const) {
    document.addEventListener(
      type,
      (e) => {
        const slot = slotOf(e.target);
        if (slot && !slot.started) void hydrate(slot);
      },
      { capture: true, passive: true },
    );
  }
  // One island asking for another (islands/wake.ts): the booking form when a session is chosen.
  document.addEventListener(WAKE_EVENT, (e) => {
    const name = (e as CustomEvent<IslandName>).detail;
    for (const slot of slots) if (slot.name === name) void hydrate(slot);
  });
  // Links that are server HTML (the footer, the hero, the header before it wakes) behave as the header's do: a language
  // link remembers the choice, a section link scrolls smoothly, or loads / and then scrolls.
  document.addEventListener('click', (e) => {
    const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[data-language], a[data-section]') : null;
    if (!a || e.defaultPrevented) return;
    if (isLanguage(a.dataset.language)) rememberLanguage(a.dataset.language);
    const section = a.dataset.section;
    if (!section || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    // A link in the mobile menu before the header has woken: the menu closes as it would after.
    const menu = a.closest<HTMLElement>('[popover]');
    if (menu?.matches(':popover-open')) menu.hidePopover();
    goToSection(section, new URL(a.href).pathname);
  });

  // A box-less wrapper has no box to observe: its element children stand for it (the gallery's
  // carousel is hidden on desktop, its grid on phones).
  const watched = new Map<Element, Slot>();
  const near =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const slot = watched.get(entry.target);
              if (!entry.isIntersecting || !slot) continue;
              for (const child of slot.el.children) near?.unobserve(child);
              void hydrate(slot);
            }
          },
          { rootMargin: '300px 0px' },
        );
  // Parts of the page with no markup from the server: plain DOM code, no island.
  if (document.querySelector('[data-behaviour="section-scroll"]')) startSectionScroll();
  showLanguageSuggestion(i18n.language);

  const eager: Promise<void>[] = [];
  for (const slot of slots) {
    const when = slot.el.dataset.when;
    const targets = [...slot.el.children];
    if (when === 'visible' && near && targets.length) {
      for (const target of targets) {
        watched.set(target, slot);
        near.observe(target);
      }
    } else if (when !== 'interaction') eager.push(hydrate(slot));
    // Used before this code came (its menu opened, a field focused): its first use was missed.
    else if (inUse(slot.el)) void hydrate(slot);
  }
  // What was tapped or sent before this code came (held by start-islands.ts): replayed once its
  // island is ready, as the listeners above do from now on.
  const early: EarlyTaps | undefined = window.gymEarlyTaps;
  if (early) {
    early.closed = true;
    for (const { target, submitter } of early.taps.splice(0)) {
      const slot = slotOf(target);
      if (!slot || !target.isConnected) continue;
      void hydrate(slot).then(() => {
        if (target instanceof HTMLFormElement) target.requestSubmit(submitter?.closest('form') === target ? submitter : undefined);
        else if (target instanceof HTMLElement) target.click();
      });
    }
  }
  prefetchLater(() => hydrating);
  return Promise.all(eager).then(() => undefined);
}

/**
 * React and the islands' hydration are not loaded until an island hydrates. So that a first tap
 * does not wait for them on a slow network, their files (listed by the server on the start
 * script, server/web/ssr.ts) are fetched into the cache once the page has loaded and the
 * browser is idle: bytes only, nothing is run.
 */
function prefetchLater(hydrating: () => boolean) {
  const files = document.querySelector<HTMLScriptElement>('script[data-later]')?.dataset.later?.split(' ').filter(Boolean) ?? [];
  if (!files.length) return;
  const idle = (run: () => void): void => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
    else setTimeout(run, 1000); // Safari before 18 has no idle callback
  };
  const fetchAll = () =>
    idle(() => {
      // An island hydrated first: its import is fetching them already.
      if (hydrating()) return;
      for (const href of files) {
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.href = href;
        // The same request mode as the module import that will read it, so the cache entry fits.
        link.crossOrigin = 'anonymous';
        document.head.append(link);
      }
    });
  if (document.readyState === 'complete') fetchAll();
  else window.addEventListener('load', fetchAll, { once: true });
}

/** An island the visitor is already using: a field focused, a list or the browser's popover open. */
function inUse(el: HTMLElement): boolean {
  const active = document.activeElement;
  if (active && active !== document.body && el.contains(active)) return true;
  if (el.querySelector('details[open]')) return true;
  try {
    return el.querySelector(':popover-open') !== null;
  } catch {
    return false; // a browser without popovers knows no such selector
  }
}

function snapshotFields(root: HTMLElement): [Field, string, boolean][] {
  return [...root.querySelectorAll<Field>('input, select, textarea')]
    .filter((f) => !(f instanceof HTMLInputElement && (f.type === 'file' || f.type === 'hidden')))
    .map((f) => [f, f.value, f instanceof HTMLInputElement ? f.checked : false]);
}

/** A field's value as the HTML set it (what a reset by hydration would bring back). */
function defaultOf(field: Field): string {
  if (field instanceof HTMLSelectElement) return ([...field.options].find((o) => o.defaultSelected) ?? field.options[0])?.value ?? '';
  return field.defaultValue;
}

/**
 * Puts back what was typed or chosen before hydration (a field typed into meanwhile is left as it
 * is). Hydration either reset the field to the HTML's value or kept the typed text in the page
 * while the component's state holds the HTML's value; either way the field is told it held the
 * HTML's value (through its own setter, which React watches), given the typed one behind React's
 * back, and an input event lets React's onChange read it.
 */
function restoreFields(typed: [Field, string, boolean][]) {
  for (const [field, value, checked] of typed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== checked && field.checked === field.defaultChecked) field.click();
      continue;
    }
    const initial = defaultOf(field);
    if (value === initial || (field.value !== value && field.value !== initial)) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    field.value = initial;
    const proto = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
