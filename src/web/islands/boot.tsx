import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings-data';
import { isLanguage } from '../../shared/i18n/languages';
import { splitLanguage } from '../../shared/i18n/paths';
import { Toaster } from '../components/ui/toaster';
import { I18nProvider } from '../i18n/i18n';
import { rememberLanguage } from '../i18n/language-choice';
import type { BootState } from '../lib/boot-state';
import { PageUrlContext } from '../lib/page-url';
import { ResourceSeedContext } from '../lib/resource-seed';
import { goToSection } from '../lib/section-nav';
import { SiteSettingsContext } from '../lib/site-settings';
import { SiteUrlContext } from '../lib/site-url';
import { ISLAND_LOADERS, ISLAND_WANTED, type IslandName } from './registry';
import { WAKE_EVENT } from './wake';

// The browser half of a page made of islands: the server's HTML stays as it is, and each
// [data-island] wrapper (island.tsx) becomes its own small React root, hydrated at once
// ("load"), when it comes near the viewport ("visible") or when the visitor first uses it
// ("interaction"). No router and no query cache are loaded: links are plain page loads.
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

function Ready({ children, onReady }: { children: ReactNode; onReady: () => void }) {
  useEffect(onReady, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, after the first commit
  return children;
}

export function startIslands(boot: BootState): Promise<void> {
  const pageUrl = { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
  const i18n = boot.i18n ?? { language: splitLanguage(window.location.pathname).language, messages: {} };
  // The API data the server rendered the islands with (lib/resource.ts).
  const seed = { data: boot.data ?? {} };
  const slots = [...document.querySelectorAll<HTMLElement>('[data-island]')].flatMap((el): Slot[] => {
    const name = el.dataset.island as IslandName;
    return name in ISLAND_LOADERS ? [{ el, name, started: false, ready: false, onReady: [] }] : [];
  });
  const slotOf = (target: EventTarget | null) => {
    const el = target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null;
    return el ? slots.find((s) => s.el === el) : undefined;
  };

  const hydrate = (slot: Slot): Promise<void> => {
    if (slot.started) return new Promise((resolve) => (slot.ready ? resolve() : slot.onReady.push(resolve)));
    slot.started = true;
    return ISLAND_LOADERS[slot.name]().then(
      ({ default: Component }) =>
        new Promise<void>((resolve) => {
          let props: object = {};
          try {
            props = JSON.parse(slot.el.dataset.props ?? '{}') as object;
          } catch {
            props = {};
          }
          const typed = snapshotFields(slot.el);
          const Island = Component as ComponentType<object>;
          const done = () => {
            slot.ready = true;
            // Browser tests wait for this mark before using an island that hydrates late.
            slot.el.dataset.hydrated = 'true';
            restoreFields(typed);
            resolve();
            slot.onReady.splice(0).forEach((f) => f());
          };
          hydrateRoot(
            slot.el,
            <StrictMode>
              <SiteUrlContext.Provider value={boot.siteUrl ?? window.location.origin}>
                <SiteSettingsContext.Provider value={boot.site ?? DEFAULT_SITE_SETTINGS}>
                  <I18nProvider {...i18n}>
                    <PageUrlContext.Provider value={pageUrl}>
                      <ResourceSeedContext.Provider value={seed}>
                        <Toaster>
                          <Ready onReady={done}>
                            <Island {...props} />
                          </Ready>
                        </Toaster>
                      </ResourceSeedContext.Provider>
                    </PageUrlContext.Provider>
                  </I18nProvider>
                </SiteSettingsContext.Provider>
              </SiteUrlContext.Provider>
            </StrictMode>,
          );
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
      if (!button || button.tagName === 'SUMMARY') return void hydrate(slot);
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
  // Links that are server HTML (the footer, the hero) behave as the header's do: a language
  // link remembers the choice, a section link scrolls smoothly, or loads / and then scrolls.
  document.addEventListener('click', (e) => {
    const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[data-language], a[data-section]') : null;
    if (!a || e.defaultPrevented) return;
    if (isLanguage(a.dataset.language)) rememberLanguage(a.dataset.language);
    const section = a.dataset.section;
    if (!section || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
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
  const eager: Promise<void>[] = [];
  for (const slot of slots) {
    const when = slot.el.dataset.when;
    const targets = [...slot.el.children];
    if (ISLAND_WANTED[slot.name]?.(i18n.language) === false) continue;
    if (when === 'visible' && near && targets.length) {
      for (const target of targets) {
        watched.set(target, slot);
        near.observe(target);
      }
    } else if (when !== 'interaction') eager.push(hydrate(slot));
  }
  return Promise.all(eager).then(() => undefined);
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
 * Puts back what was typed or chosen before hydration, where hydration reset it to the HTML's
 * value (a field typed into meanwhile is left as it is), through the events React listens to.
 */
function restoreFields(typed: [Field, string, boolean][]) {
  for (const [field, value, checked] of typed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== checked && field.checked === field.defaultChecked) field.click();
      continue;
    }
    if (field.value === value || field.value !== defaultOf(field)) continue;
    const proto = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}
