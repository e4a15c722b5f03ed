import { useState } from 'react';

/**
 * The rows ticked on a back-office list (issue 13, bulk actions). Kept by id with the row itself,
 * so an export of the selection needs no request, and a selection made over several pages holds.
 * `scope` is the list's search and filters: when they change the selection is dropped, so an
 * action never touches rows the screen no longer lists.
 */
export function useSelection<T extends { id: number }>(scope: string) {
  const [selected, setSelected] = useState<Map<number, T>>(() => new Map());
  const [seenScope, setSeenScope] = useState(scope);
  if (seenScope !== scope) {
    setSeenScope(scope);
    setSelected(new Map());
  }

  const isSelected = (id: number) => selected.has(id);
  function toggle(row: T) {
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  }
  /** The page's select-all: ticks every row shown, or unticks them when all are ticked. */
  function togglePage(rows: T[]) {
    setSelected((prev) => {
      const next = new Map(prev);
      const all = rows.length > 0 && rows.every((r) => next.has(r.id));
      for (const r of rows) {
        if (all) next.delete(r.id);
        else next.set(r.id, r);
      }
      return next;
    });
  }
  const pageState = (rows: T[]): boolean | 'mixed' => {
    const n = rows.filter((r) => selected.has(r.id)).length;
    return n === 0 ? false : n === rows.length ? true : 'mixed';
  };
  const clear = () => setSelected(new Map());
  /** Forgets ids that are gone (deleted by the bulk action). */
  const drop = (ids: number[]) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const id of ids) next.delete(id);
      return next;
    });

  return { ids: [...selected.keys()], rows: [...selected.values()], count: selected.size, isSelected, toggle, togglePage, pageState, clear, drop };
}
