import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiGet } from '../../lib/api-client';

/**
 * A list's tab, search, filters and page live in the address (issue 13), so a reload, Back and a
 * shared link keep them. Each change is a history entry; a filter or search change goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name) ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  function set(patch: Record<string, string | number | undefined>) {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
        else next.set(k, String(v));
      }
      if (!('page' in patch)) next.delete('page');
      return next;
    });
  }
  return { params, get, page, set };
}

/**
 * The search box's text: typed freely, written to the address once typing pauses (one history entry
 * per search, not per key), and following the address when Back changes it.
 */
export function useSearchText(value: string, commit: (text: string) => void, delayMs = 350) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => commitRef.current(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);
  return [text, setText] as const;
}

/**
 * One page of a back-office list: GET path?query. Keys start with the path, so invalidating the
 * list's key (['/api/reservations']) refreshes every page; the page shown stays while the next loads.
 */
export const usePagedList = <T>(path: string, query: string) =>
  useQuery<T>({ queryKey: [path, 'page', query], queryFn: () => apiGet<T>(`${path}?${query}`), placeholderData: keepPreviousData });

/** Every page of a search, for an export of what the screen lists (pages of 100, the server's maximum). */
export async function fetchAllPages<T>(path: string, query: URLSearchParams): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    query.set('page', String(page));
    query.set('pageSize', '100');
    const answer = await apiGet<{ items: T[]; total: number }>(`${path}?${query.toString()}`);
    out.push(...answer.items);
    if (answer.items.length === 0 || out.length >= answer.total) return out;
  }
}
