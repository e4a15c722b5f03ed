// A traveller's sign-in by e-mail and their sessions (migration 044, issue 47).
import type { Generated } from 'kysely';

/** One e-mail sent: its link's token and its code, as digests; spent once. */
export interface MeSignInsTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  code_hash: string;
  /** Codes tried against this row; five spend it. */
  code_tries: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A signed-in browser of a traveller (not staff: those are `sessions`). */
export interface MeSessionsTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

/** A pass paused from My page (migration 048): its first gym day and its length in gym days. */
export interface PassPausesTable {
  id: Generated<number>;
  order_id: number;
  starts_on: string;
  days: number;
  created_at: string;
}
