// Discount codes (migration 050, issue 48 point 6, decision 189). Amounts in satang.
import type { Generated } from 'kysely';

export interface DiscountCodesTable {
  id: Generated<number>;
  /** Upper-cased and trimmed: codes are case-insensitive. */
  code: string;
  percent_off: number | null;
  amount_off_satang: number | null;
  /** JSON: { passIds?: string[], stays?: boolean, pickups?: boolean }. */
  applies_to: string;
  /** Gym dates, both inclusive; null: no bound. */
  valid_from: string | null;
  valid_to: string | null;
  max_uses: number | null;
  max_uses_per_person: number | null;
  /** Uses held by orders (a lapsed order's is given back). */
  uses: Generated<number>;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Uses of a code held by one person. */
export interface DiscountCodePeopleTable {
  code_id: number;
  customer_id: number;
  uses: Generated<number>;
}

/** The code an order used and what it took off each line. */
export interface OrderDiscountsTable {
  order_id: number;
  code_id: number;
  code: string;
  customer_id: number;
  training_satang: number;
  stay_satang: number;
  pickup_satang: number;
  discount_satang: number;
  /** When the use went back to the code (a lapsed order); null: held. */
  returned_at: string | null;
  created_at: string;
}
