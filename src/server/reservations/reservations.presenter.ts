import type { ReservationRow } from '../db/schema';
import type { ReservationDto } from '../../shared/api-types';
export type { ReservationDto };

export const presentReservation = (r: ReservationRow): ReservationDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  course: r.course,
  dateTime: r.date_time,
  message: r.message,
  status: r.status,
  createdAt: r.created_at,
  weeklySessionId: r.weekly_session_id,
  sessionDate: r.session_date,
  attendance: r.attendance,
  source: r.source,
  cancelledAt: r.cancelled_at,
});
