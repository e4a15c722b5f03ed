// Rooms (migration 035): room types, their rooms, nights taken per type and gym date, closures.
import type { Generated } from 'kysely';

export interface RoomTypesTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** JSON: { ru?: { name?, description? }, ... } (RoomTypeTranslations). */
  translations: Generated<string>;
  beds: Generated<string>;
  max_guests: number;
  nightly_price_satang: number;
  weekly_price_satang: number | null;
  monthly_price_satang: number | null;
  /** JSON array of media paths. */
  photos: Generated<string>;
  position: Generated<number>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RoomsTable {
  id: Generated<number>;
  room_type_id: number;
  label: string;
  position: Generated<number>;
}

export interface RoomNightsTable {
  room_type_id: number;
  /** Gym date; the night from it to the next day. */
  night: string;
  taken: number;
  /** Rooms closed for repairs that night. */
  closed: Generated<number>;
}

export interface RoomClosuresTable {
  id: Generated<number>;
  room_id: number;
  first_night: string;
  last_night: string;
  reason: Generated<string>;
  created_at: string;
}

// Orders' stays and pickups (migration 036).
export interface OrderStaysTable {
  order_id: number;
  room_type_id: number;
  room_type_name: string;
  check_in: string;
  check_out: string;
  guests: number;
  amount_satang: number;
  /** 1 while the order holds its nights; 0 once given back (one conditional update). */
  holds_nights: Generated<number>;
  room_id: number | null;
  checked_in_at: string | null;
  checked_out_at: string | null;
  arrival_mail_at: string | null;
  balance_reminder_at: string | null;
  /** A second key to the order page, drawn by the balance reminder (migration 037). */
  page_token_hash: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface OrderPickupsTable {
  order_id: number;
  airport: string;
  flight_number: string | null;
  /** Gym wall time 'YYYY-MM-DDTHH:MM'. */
  arrives_at: string;
  amount_satang: number;
  sequence: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface StayTermsVersionsTable {
  version: Generated<number>;
  /** JSON: text per language. */
  text: string;
  /** JSON: { tiers: [{ daysBefore, refundPercent }], freeChangeDays }. */
  rules: string;
  created_by: number | null;
  created_at: string;
}
