import { ApiError } from './api-client';

// A mailed link's read (issue 47 point 3, decision 184): a token the site never gave is a 404
// (null: the page's not-found state), a link whose person was erased a 410 (ERASED_LINK: the page
// says the data was removed). Every other answer is the record as it is now.

/** The read of a link whose person's data was erased. */
export interface ErasedLink {
  erased: true;
}

export const ERASED_LINK: ErasedLink = { erased: true };

export const isErased = (x: unknown): x is ErasedLink => typeof x === 'object' && x !== null && (x as Partial<ErasedLink>).erased === true;

export async function readLink<T>(read: () => Promise<T>): Promise<T | ErasedLink | null> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    if (err instanceof ApiError && err.status === 410) return ERASED_LINK;
    throw err;
  }
}
