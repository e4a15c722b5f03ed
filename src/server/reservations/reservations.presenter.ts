import type { ReservationStatus } from '../../shared/constants';
import type { ReservationRow } from '../db/schema';

export interface ReservationDto {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  course: string;
  dateTime: string;
  message: string | null;
  status: ReservationStatus;
  createdAt: string;
}

export const presentReservation = (r: ReservationRow): ReservationDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  course: r.course,
  dateTime: r.date_time,
  message: r.message,
  status: r.status as ReservationStatus,
  createdAt: r.created_at,
});
