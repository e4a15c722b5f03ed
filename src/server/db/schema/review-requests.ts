// Review requests (migration 052, issue 48 point 5, decision 190).
import type { Generated } from 'kysely';
import type { Language } from '../../../shared/i18n/languages';

/** One person asked for a review: written with the e-mail, unique per customer. */
export interface ReviewRequestsTable {
  id: Generated<number>;
  customer_id: number;
  reason: 'stay' | 'classes';
  language: Language;
  /** The gym date it counts from: the stay's check-out, or the Nth attended class. */
  trigger_date: string;
  asked_at: string;
}
