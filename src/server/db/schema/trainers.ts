// Trainers and private lessons (migrations 039, 040).
import type { Generated } from 'kysely';
import type { DbBool } from './columns';

export interface TrainersTable {
  id: Generated<number>;
  name: string;
  photo_url: string | null;
  /** JSON array of class names. */
  disciplines: Generated<string>;
  /** JSON array of languages spoken. */
  languages: Generated<string>;
  /** JSON { en?, ru?, zh?, de?, fr?, th? }. */
  bio: Generated<string>;
  user_id: number | null;
  on_leave: Generated<DbBool>;
  active: Generated<DbBool>;
  share_mode: Generated<'percent' | 'fixed'>;
  share_value: Generated<number>;
  calendar_secret: string | null;
  position: Generated<number>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TrainerWindowsTable {
  id: Generated<number>;
  trainer_id: number;
  weekday: number;
  from_time: string;
  to_time: string;
}

export interface TrainerExceptionsTable {
  id: Generated<number>;
  trainer_id: number;
  date: string;
  from_time: string | null;
  to_time: string | null;
  off: DbBool;
}

export interface PrivateLessonsTable {
  reservation_id: number;
  trainer_id: number;
  minutes: number;
  guests: number;
  discipline: string;
  starts_at: string;
  ends_at: string;
  order_id: number | null;
  price_satang: number;
  created_at: string;
}

export interface TrainerCellsTable {
  trainer_id: number;
  /** ISO 8601 UTC, on a quarter hour. */
  cell_start: string;
  reservation_id: number;
}
