// Visa letters (migration 034): the traveller's request, the letter issued, its verification code.
import type { Generated } from 'kysely';
import type { Language } from '../../../shared/i18n/languages';
import type { VisaLetterStatus } from '../../../shared/visa-letters';

export interface VisaLettersTable {
  id: Generated<number>;
  order_id: number;
  status: VisaLetterStatus;
  /** The passport's data: null once erased or purged. */
  full_name: string | null;
  nationality: string | null;
  passport_number: string | null;
  date_of_birth: string | null;
  embassy: string | null;
  name_differs: Generated<number>;
  language: Language;
  /** DTV-2026-0001, once issued. */
  reference: string | null;
  /** The verification page's code (base64url of 16 random bytes), once issued. */
  verify_code: string | null;
  /** JSON: the letter's printed facts besides the passport data (VisaLetterFacts). */
  letter: string | null;
  /** The PDF as issued, base64. */
  pdf: string | null;
  /** The programme's last day (gym date). */
  valid_until: string | null;
  issued_at: string | null;
  issued_by: number | null;
  revoked_at: string | null;
  revoke_reason: string | null;
  purge_after: string | null;
  created_at: string;
  updated_at: string;
}

export interface DocumentSequencesTable {
  name: string;
  year: number;
  last: number;
}
