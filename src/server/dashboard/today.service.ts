import type { DashboardTodayDto } from '../../shared/api-types';
import { addDays, instantToZoned, todayInZone, zonedToInstant } from '../../shared/gym-time';
import type { AppContext } from '../context';
import { plannedDays } from '../desk/desk.service';
import { totalsOf } from '../ledger/ledger.repository';
import { figuresOf } from '../ledger/order-figures';
import { listBoardPickups, listBoardStays } from '../stays/arrivals.repository';
import { lessonsOfTrainer } from '../trainers/lessons.repository';
import * as repo from './today.repository';

// The desk's day (issue 46 point 3): the gym date in GYM_TIMEZONE at `now`, read from the
// domains that own each part, every read at once. Lists that can grow are cut to a few rows:
// the dashboard points to the screen that holds the rest.

export const OVERDUE_ROWS = 5;
export const CONVERSATION_ROWS = 5;
export const OFFER_ROWS = 10;

type StayRow = Awaited<ReturnType<typeof listBoardStays>>[number];

const pickupOf = (r: { airport: string | null; flight_number: string | null; arrives_at: string | null }) =>
  r.airport && r.arrives_at ? { airport: r.airport, flightNumber: r.flight_number, arrivesAt: r.arrives_at } : null;

const stayOf = (r: StayRow, done: string | null, now: Date): DashboardTodayDto['arrivals'][number] => ({
  orderId: r.id,
  reference: r.reference,
  name: r.name,
  roomTypeName: r.room_type_name,
  guests: r.guests,
  roomLabel: r.room_label,
  done: done !== null,
  owedSatang: figuresOf(r, totalsOf(r), now).owedSatang,
  pickup: pickupOf(r),
});

export async function dashboardToday(ctx: AppContext, now = new Date()): Promise<DashboardTodayDto> {
  const tz = ctx.config.timezone;
  const today = todayInZone(tz, now);
  const tomorrow = addDays(today, 1);
  const nowIso = now.toISOString();
  const [[day], waitlist, stays, pickups, lessons, owed, overdue, counts, conversations, offers] = await Promise.all([
    plannedDays(ctx.db, tz, today, 1),
    repo.waitlistCounts(ctx.db, today, nowIso),
    listBoardStays(ctx.db, today, tomorrow),
    listBoardPickups(ctx.db, today, tomorrow),
    lessonsOfTrainer(ctx.db, null, zonedToInstant(today, '00:00', tz).toISOString(), zonedToInstant(tomorrow, '00:00', tz).toISOString()),
    repo.owedFigures(ctx.db, nowIso, today),
    repo.overdueOrders(ctx.db, nowIso, today, OVERDUE_ROWS),
    repo.messageCounts(ctx.db),
    repo.latestUnreadConversations(ctx.db, CONVERSATION_ROWS),
    repo.offersOut(ctx.db, nowIso, OFFER_ROWS),
  ]);

  return {
    date: today,
    closed: day.closed,
    // An inactive session is no class of the day; one called off stays, flagged.
    classes: day.occurrences
      .filter((o) => o.active)
      .map((o) => ({
        weeklySessionId: o.weeklySessionId,
        course: o.course,
        time: o.time,
        coach: o.coach,
        booked: o.taken,
        capacity: o.capacity,
        cancelled: o.cancelled,
        waiting: waitlist.get(o.weeklySessionId)?.waiting ?? 0,
        offered: waitlist.get(o.weeklySessionId)?.offered ?? 0,
      })),
    arrivals: stays.filter((s) => s.check_in === today).map((s) => stayOf(s, s.checked_in_at, now)),
    departures: stays.filter((s) => s.check_out === today).map((s) => stayOf(s, s.checked_out_at, now)),
    pickups: pickups.map((p) => ({ orderId: p.id, reference: p.reference, name: p.name, ...pickupOf(p)! })),
    lessons: lessons.map((l) => ({
      id: l.reservation_id,
      time: instantToZoned(l.starts_at, tz).time,
      minutes: l.minutes,
      trainerName: l.trainer_name,
      name: l.name,
      discipline: l.discipline,
      guests: l.guests,
    })),
    money: {
      awaitingPayment: owed.awaitingPayment,
      depositPaid: owed.depositPaid,
      overdue: {
        ...owed.overdue,
        items: overdue.map((o) => ({ orderId: o.id, reference: o.reference, name: o.name, owedSatang: Number(o.owed), dueDate: o.due })),
      },
    },
    messages: {
      ...counts,
      latest: conversations.map((c) => ({ id: c.id, userName: c.user_name, subject: c.subject, unread: Number(c.unread), lastMessageAt: c.last_message_at })),
    },
    offers: offers.map((o) => ({
      id: o.id,
      name: o.name,
      course: o.course,
      sessionDate: o.session_date,
      startsAt: o.date_time,
      expiresAt: o.offer_expires_at,
    })),
  };
}
