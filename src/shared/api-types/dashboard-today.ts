import { z } from 'zod';
import { id, timestamp } from './common';

// GET /api/dashboard/today (issue 46 point 3): what needs the desk on the gym's day, each part
// with what the screen needs to link to the screen where it is handled.

const count = z.number().int();
const satang = z.number().int();
/** A gym date, YYYY-MM-DD (GYM_TIMEZONE). */
const gymDate = z.string();

export const todayClassDtoSchema = z.object({
  weeklySessionId: id,
  course: z.string(),
  /** Gym wall time HH:MM. */
  time: z.string(),
  coach: z.string().nullable(),
  booked: count,
  capacity: count,
  /** Called off that day (a cancellation or a closure): its seats mean nothing then. */
  cancelled: z.boolean(),
  /** People in line for a seat, and those offered one now. */
  waiting: count,
  offered: count,
});

const pickupDto = z.object({
  airport: z.string(),
  flightNumber: z.string().nullable(),
  /** Gym wall time YYYY-MM-DDTHH:MM. */
  arrivesAt: z.string(),
});

export const todayStayDtoSchema = z.object({
  orderId: id,
  reference: z.string(),
  name: z.string(),
  roomTypeName: z.string(),
  guests: count,
  roomLabel: z.string().nullable(),
  /** Checked in (an arrival) or out (a departure) already. */
  done: z.boolean(),
  owedSatang: satang,
  pickup: pickupDto.nullable(),
});

export const todayPickupDtoSchema = pickupDto.extend({ orderId: id, reference: z.string(), name: z.string() });

export const todayLessonDtoSchema = z.object({
  id,
  /** Gym wall time HH:MM. */
  time: z.string(),
  minutes: count,
  trainerName: z.string(),
  name: z.string(),
  discipline: z.string(),
  guests: count,
});

export const todayOverdueDtoSchema = z.object({
  orderId: id,
  reference: z.string(),
  name: z.string(),
  owedSatang: satang,
  /** The gym date it was due by: the balance's date, else the order's first day. */
  dueDate: gymDate,
});

const countAndSum = z.object({ count, satang });

export const todayConversationDtoSchema = z.object({ id, userName: z.string(), subject: z.string(), unread: count, lastMessageAt: timestamp });

export const todayOfferDtoSchema = z.object({
  id,
  name: z.string(),
  course: z.string(),
  sessionDate: gymDate,
  /** The class's start, ISO instant. */
  startsAt: timestamp,
  expiresAt: timestamp.nullable(),
});

export const dashboardTodayDtoSchema = z.object({
  date: gymDate,
  /** Sunday or a closure. */
  closed: z.boolean(),
  classes: z.array(todayClassDtoSchema),
  arrivals: z.array(todayStayDtoSchema),
  departures: z.array(todayStayDtoSchema),
  /** Every pickup landing that gym day, with or without a stay arriving. */
  pickups: z.array(todayPickupDtoSchema),
  lessons: z.array(todayLessonDtoSchema),
  money: z.object({
    /** Orders whose money is awaited (hold running, or sold at the desk unpaid), and those with the deposit paid. */
    awaitingPayment: countAndSum,
    depositPaid: countAndSum,
    /** Of those, the ones due before today; `items` the oldest few. */
    overdue: countAndSum.extend({ items: z.array(todayOverdueDtoSchema) }),
  }),
  messages: z.object({
    /** Conversations with a customer message not read yet; `latest` the few most recent. */
    unreadConversations: count,
    latest: z.array(todayConversationDtoSchema),
    /** Contact-form messages still marked new. */
    newContacts: count,
    /** Mails the mailbox reader held back: failed imports not set aside, and unverified senders. */
    heldMails: count,
  }),
  /** Waiting-list offers out now (a seat proposed, not yet taken), soonest class first. */
  offers: z.array(todayOfferDtoSchema),
});
export type DashboardTodayDto = z.infer<typeof dashboardTodayDtoSchema>;
