// Links the site mailed that are no longer their record's current key (migration 045, decision 184).

/** Which kind of record a retired link named. */
export type RetiredLinkKind = 'booking' | 'order' | 'waitlist';

export interface RetiredLinksTable {
  /** SHA-256 of the link's token, as its record held it. */
  token_hash: string;
  kind: RetiredLinkKind;
  /** The record it still names (read only); null once its person was erased. */
  record_id: number | null;
  created_at: string;
}
