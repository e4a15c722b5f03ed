import { hashToken } from '../auth/tokens';
import type { Db } from '../db/database';
import type { RetiredLinkKind } from '../db/schema';
import { HttpError } from '../errors';
import { findRetired } from './retired-links.repository';

// Every link the site mailed keeps answering (issue 47 point 3, decision 184): a link a newer one
// replaced reads its record as it is now, and a link whose person was erased answers 410 with
// `state: 'erased'`. Only a token the site never gave is a 404.

export const LINK_ERASED = 'The data behind this link was removed at the request of the person it belonged to.';

/** 410 Gone: the link worked once, and its person's data was erased. */
export const linkErased = () => new HttpError(410, LINK_ERASED, 'link_erased', { state: 'erased' });

/**
 * A token that is not its record's current key: the record it still names (to read only), or
 * a 410 when its person was erased. Undefined when the site never gave it.
 */
export async function retiredRecordOf(db: Db, kind: RetiredLinkKind, token: string): Promise<number | undefined> {
  const retired = await findRetired(db, kind, hashToken(token));
  if (!retired) return undefined;
  if (retired.recordId == null) throw linkErased();
  return retired.recordId;
}
