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
