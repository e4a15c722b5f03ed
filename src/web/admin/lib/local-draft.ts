// Work in progress kept in the browser (localStorage), so a crash, a closed tab or a failed save
// loses nothing: the editor offers to restore it when the same record is opened again.

export interface LocalDraft<T> {
  values: T;
  /** When it was written (ISO), shown in the offer to restore. */
  savedAt: string;
  /** The server version the draft was based on (null for a new record). */
  version: number | null;
}

export const draftKey = (scope: string, id: number | null): string => `draft:${scope}:${id ?? 'new'}`;

export function readDraft<T>(key: string): LocalDraft<T> | null {
  try {
    const text = window.localStorage.getItem(key);
    if (!text) return null;
    const draft = JSON.parse(text) as LocalDraft<T>;
    return draft && typeof draft === 'object' && 'values' in draft ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string, values: T, version: number | null): void {
  try {
    window.localStorage.setItem(key, JSON.stringify({ values, savedAt: new Date().toISOString(), version } satisfies LocalDraft<T>));
  } catch {
    // Storage full or disabled (private mode): the unsaved-changes warning still guards.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do: storage disabled.
  }
}
