// The waiver and health declaration (migration 046, issue 47 point 4).
import type { Generated } from 'kysely';

export type WaiverResign = 'all' | 'unsigned';

/** One published text of the waiver, in the languages the owner wrote (English always). */
export interface WaiverVersionsTable {
  id: Generated<number>;
  version: number;
  /** JSON: Partial<Record<Language, string>> with `en`. */
  texts: string;
  resign: WaiverResign;
  published_by: number | null;
  published_at: string;
}

/** A person's acceptance of one version. The health answers are staff-only personal data. */
export interface WaiverSignaturesTable {
  id: Generated<number>;
  customer_id: number;
  version: number;
  language: string;
  full_name: string;
  birth_date: string;
  emergency_name: string;
  emergency_phone: string;
  /** JSON array of WAIVER_CONDITIONS keys; null after the retention or when none. */
  conditions: string | null;
  conditions_text: string | null;
  /** Kept after the answers are blanked: staff still see "conditions declared" was said. */
  has_conditions: Generated<number>;
  health_erased_at: string | null;
  signature_name: string;
  signature_png: string;
  signed_at: string;
}

/** Migration 047: the generation of a person's door code (issue 47 point 5); absent = 1. */
export interface CheckInKeysTable {
  customer_id: number;
  generation: number;
  updated_at: string;
}
