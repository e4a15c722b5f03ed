// Passes and payments (migration 021): customers, orders, their ledger, applied external events
// and the credits bookings take. Amounts are integers in satang.
import type { Generated } from 'kysely';
import type { Language } from '../../../shared/i18n/languages';
import type { PassCovers, PassKind } from '../../../shared/catalogue';
import type { CheckoutStatus, LedgerKind, OrderMethod, PaymentMethod, RefundRequestStatus } from '../../../shared/ledger';

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  /** Lower-cased, trimmed e-mail: unique among records not merged away. */
  email_key: string | null;
  phone: string | null;
  /** '+' and digits only. */
  phone_key: string | null;
  language: Generated<Language>;
  merged_into_id: number | null;
  bouncing_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * When the name, phone and language were last set (migration 042): at creation, by staff, by
   * an adoption. What a visitor typed after that and differs is offered to staff (decision 173);
   * null counts as created_at.
   */
  name_set_at: string | null;
  phone_set_at: string | null;
  language_set_at: string | null;
}

export interface OrdersTable {
  id: Generated<number>;
  reference: string;
  token_hash: string;
  customer_id: number;
  /** '<row>.<covers>': the price-table cell sold; the pass_* columns copy what it was then. */
  pass_id: string;
  pass_name: string;
  pass_kind: PassKind;
  pass_covers: PassCovers;
  pass_days: number;
  /** Sessions in all; null: unlimited within the days. */
  credits: number | null;
  /** A programme's copy of what it was (migration 032); null for a pass. */
  programme_months: number | null;
  programme_sessions_per_week: number | null;
  programme_hours_per_week: number | null;
  /** Its disciplines, comma-separated ('muay-thai,mma'). */
  programme_disciplines: string | null;
  /** Gym dates, both inclusive. */
  start_date: string;
  end_date: string;
  amount_satang: number;
  deposit_satang: Generated<number>;
  method: OrderMethod;
  language: Generated<Language>;
  expires_at: string | null;
  cancelled_at: string | null;
  /** Superseded by checkout_sessions (migration 025): never written since. */
  stripe_session_id: Generated<string | null>;
  slip_key: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** The stay terms' version the buyer accepted (migration 036); null: no stay. */
  terms_version: Generated<number | null>;
  /** Gym date the balance is due by; null: nothing after the deposit, or at the desk. */
  balance_due_date: Generated<string | null>;
  /** What a cancelled order keeps under its stay terms (migration 037): its price once cancelled. */
  cancellation_kept_satang: Generated<number>;
  /** The name and phone the buyer typed (migration 042; null before it): the customer's record may differ. */
  buyer_name: string | null;
  buyer_phone: string | null;
}

export interface OrderPaymentsTable {
  id: Generated<number>;
  order_id: number;
  kind: LedgerKind;
  method: PaymentMethod;
  /** Always positive; `kind` says which way the money went. */
  amount_satang: number;
  external_id: string | null;
  note: string | null;
  user_id: number | null;
  created_at: string;
}

/** A card checkout an order opened (migration 025); at most one 'creating' or 'open' per order. */
export interface CheckoutSessionsTable {
  id: Generated<number>;
  order_id: number;
  provider: Generated<string>;
  session_id: string | null;
  status: CheckoutStatus;
  amount_satang: number;
  url: string | null;
  payment_intent: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A refund asked for (migration 025): written before the provider is called, its outcome after. */
export interface RefundRequestsTable {
  id: Generated<number>;
  order_id: number;
  key_hash: string | null;
  request_hash: string;
  method: PaymentMethod;
  amount_satang: number;
  note: string | null;
  status: RefundRequestStatus;
  /** JSON: RefundPiece[] (card refunds). */
  pieces: string | null;
  error: string | null;
  user_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A card payment disputed by its holder's bank (migration 025). */
export interface DisputesTable {
  id: Generated<number>;
  order_id: number;
  dispute_id: string;
  payment_intent: string | null;
  status: string;
  reason: string | null;
  amount_satang: number;
  evidence_due_by: string | null;
  event_created: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  order_id: number | null;
  received_at: string;
}

export interface PassUsesTable {
  id: Generated<number>;
  order_id: number;
  reservation_id: number;
  session_date: string;
  /** The session date for one-a-day passes (one use a day); null once given back. */
  day_key: string | null;
  /** Date and time of the session for unlimited passes (one seat per time); null once given back. */
  slot_key: string | null;
  returned_at: string | null;
  created_at: string;
}

/** A paid order's receipt number, given once at first issue (migration 033). */
export interface OrderReceiptsTable {
  order_id: number;
  /** 'R-2026-0001': the year of issue and its counter. */
  number: string;
  issued_at: string;
}

/** The last receipt number given in a year (migration 033). */
export interface ReceiptCountersTable {
  year: number;
  last_number: number;
}
