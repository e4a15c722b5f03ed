// The islands a public page may hold, by name: the browser fetches an island's code only
// when the island is on the page and its time has come (islands/boot.tsx). Each module's
// default export is the component the server rendered inside <Island name=…>.

export const ISLAND_LOADERS = {
  'site-header': () => import('../components/layout/site-header'),
  'language-suggestion': () => import('../i18n/language-suggestion'),
  'newsletter-form': () => import('../features/newsletter/newsletter-form'),
  'share-buttons': () => import('../features/blog/share-buttons'),
} satisfies Record<string, () => Promise<{ default: React.ComponentType<never> }>>;

export type IslandName = keyof typeof ISLAND_LOADERS;

/** When an island hydrates: at once, when it comes near the viewport, or on first use. */
export type IslandWhen = 'load' | 'visible' | 'interaction';
