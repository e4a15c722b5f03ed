import { createContext } from 'react';

// The data a page made of islands was rendered with (lib/resource.ts), apart from the reads
// themselves so that islands/boot.ts can hand it over without carrying their code.

/**
 * The API answers by key (JSON of the query key). The server records which keys its islands
 * read, and only those go into the page.
 */
export interface ResourceSeed {
  data: Record<string, unknown>;
  /** Keys read while rendering (server side): what the browser needs. */
  read?: Set<string>;
}

export const ResourceSeedContext = createContext<ResourceSeed>({ data: {} });

export const resourceKey = (queryKey: readonly unknown[]): string => JSON.stringify(queryKey);
