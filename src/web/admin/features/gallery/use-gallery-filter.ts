import { useMemo } from 'react';
import { useListParams } from '../../lib/list-state';
import type { GalleryItem } from '../../lib/types';
import { isUncategorised } from './api';

const SUGGESTED_CATEGORIES = ['muay-thai', 'bjj', 'mma', 'wrestling', 'luta-livre', 'events'];
const ALL = '__all__';
const NONE = '__none__';

/**
 * The category filter: its options (with counts), the images it lets through, its chip's words,
 * and the categories the dialogs suggest. The category is in the address (?categorie=bjj), as the
 * other lists' filters are, so Back and a shared link keep it.
 */
export function useGalleryFilter(items: GalleryItem[] | undefined) {
  const { get, set } = useListParams();
  const filter = get('categorie') || ALL;
  const setFilter = (v: string) => set({ categorie: v === ALL ? undefined : v });
  const categories = useMemo(() => {
    const counts = new Map<string, number>();
    for (const i of items ?? []) if (!isUncategorised(i)) counts.set(i.category, (counts.get(i.category) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }, [items]);
  const uncategorisedCount = (items ?? []).filter(isUncategorised).length;
  // Category is free text; both dialogs suggest the existing ones and the gym's disciplines.
  const suggestions = [...new Set([...categories.map(([c]) => c), ...SUGGESTED_CATEGORIES])];

  const visible = (items ?? []).filter((i) => (filter === ALL ? true : filter === NONE ? isUncategorised(i) : i.category === filter));

  const options = [
    { value: ALL, label: `Toutes les catégories (${items?.length ?? 0})` },
    ...categories.map(([c, n]) => ({ value: c, label: `${c} (${n})` })),
    { value: NONE, label: `Sans catégorie (${uncategorisedCount})` },
  ];
  const chip = filter === ALL ? null : `Catégorie : ${filter === NONE ? 'Sans catégorie' : filter}`;
  return { filter, setFilter, clear: () => setFilter(ALL), chip, options, visible, suggestions };
}
