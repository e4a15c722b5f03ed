import type { PickupDto } from '../../shared/api-types/arrivals';
import { addDays, todayInZone, zonedToInstant } from '../../shared/gym-time';
import type { Language } from '../../shared/i18n/languages';
import { staySettingsOf, type StaySettings } from '../../shared/stay-settings-data';
import type { PickupFlightInput } from '../../shared/schemas/arrivals';
import { hashToken, newToken } from '../auth/tokens';
import { linkHash, tokenOf, type LinkKey } from '../links/link-key';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { badRequest, conflict, notFound } from '../errors';
import { orderPageUrl } from '../ledger/order-figures';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { arrivalMail, flightChangedMail, type ArrivalPickup } from '../mail/templates/arrival-mails';
import { mailConfig, siteSettingsNow } from '../site-settings/site-settings.service';
import * as repo from './arrivals.repository';
import { queueTravellerPush } from '../push/traveller-push';

// The arrival e-mail (issue 36 §5): three gym days before check-in, once per stay whatever the
// instances and restarts (the claim of order_stays.arrival_mail_at, in the transaction that
// queues the e-mail, as the booking reminders do); and the traveller's flight, given or changed
// from the order page, with an updated calendar file and a push to staff. The guest's own push
// goes on the check-in day itself (queueArrivalDayPushes, run by the same job).

/** How many gym days before check-in the e-mail goes. */
export const ARRIVAL_MAIL_DAYS = 3;

type PickupRow = { airport: string | null; flight_number: string | null; arrives_at: string | null; pickup_sequence: number | null };

/**
 * The airport's name and the meeting point from Paramètres' stays group (its seed when never
 * saved), the meeting point in the buyer's language or English; an airport no longer listed by
 * its code.
 */
export function airportOf(settings: { stays?: StaySettings }, code: string, language: Language): { name: string; meetingPoint: string | null } {
  const stays = staySettingsOf(settings);
  const found = stays.airports.find((a) => a.code === code);
  const meetingPoint = (stays.meetingPoint[language] ?? stays.meetingPoint.en ?? '').trim();
  return { name: found ? `${found.name} (${code})` : code, meetingPoint: meetingPoint || null };
}

function pickupOf(ctx: AppContext, r: PickupRow, language: Language): ArrivalPickup | null {
  if (!r.airport || !r.arrives_at) return null;
  const airport = airportOf(siteSettingsNow(ctx), r.airport, language);
  return {
    airport: r.airport,
    airportName: airport.name,
    flightNumber: r.flight_number,
    landsAt: zonedToInstant(r.arrives_at.slice(0, 10), r.arrives_at.slice(11, 16), ctx.config.timezone),
    sequence: Number(r.pickup_sequence ?? 0),
    meetingPoint: airport.meetingPoint,
  };
}

/**
 * Queues the arrival e-mail of every stay checking in within ARRIVAL_MAIL_DAYS gym days from
 * today (today excluded: the guest is on the way); answers how many. Each carries a new key to
 * the order page (the first one is stored hashed), written with the claim.
 */
export async function queueDueArrivalMails(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const today = todayInZone(ctx.config.timezone, now);
  const candidates = await repo.listArrivalMailCandidates(ctx.db, addDays(today, 1), addDays(today, ARRIVAL_MAIL_DAYS));
  let queued = 0;
  for (const c of candidates) {
    try {
      const token = newToken();
      const message = arrivalMail(mailConfig(ctx), {
        orderId: c.order_id,
        to: c.email!,
        name: c.name,
        language: c.language,
        reference: c.reference,
        checkIn: c.check_in,
        checkOut: c.check_out,
        roomTypeName: c.room_type_name,
        guests: c.guests,
        pickup: pickupOf(ctx, c, c.language),
        orderUrl: orderPageUrl(ctx, token, c.language),
      });
      const at = now.toISOString();
      const claimed = await ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.claimArrivalMail(trx, c.order_id, at))) return false;
        await repo.insertPageLink(trx, c.order_id, hashToken(token), at);
        await ctx.mail.enqueue(trx, message);
        return true;
      });
      if (claimed) queued += 1;
    } catch (err) {
      ctx.log.error({ err, orderId: c.order_id }, 'arrival e-mail could not be queued; the next run tries again');
    }
  }
  if (queued > 0) ctx.mail.kick();
  return queued;
}

/**
 * The arrival day's push (issue 47 point 6): on the check-in's own gym day, to a guest who turned
 * push on on My page, in the order's language. Once: the push outbox's key (the order and the
 * check-in) lets one row in whatever the runs and instances; a stay moved to another day is
 * pushed on its new day. Answers how many were queued.
 */
async function queueArrivalDayPushes(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const today = todayInZone(ctx.config.timezone, now);
  let queued = 0;
  for (const c of await repo.listArrivalsOn(ctx.db, today)) {
    try {
      if (await queueTravellerPush(ctx.db, { email: c.email! }, c.language, { kind: 'arrival', orderId: c.order_id, checkIn: c.check_in })) queued += 1;
    } catch (err) {
      ctx.log.error({ err, orderId: c.order_id }, 'arrival push could not be queued; the next run tries again');
    }
  }
  return queued;
}

/** The arrival e-mail job, started with the workers (hourly unless the reminders' interval says otherwise); it also queues the arrival day's push. */
export function createArrivalMailJob(ctx: AppContext, opts: { intervalMs?: number; now?: () => Date } = {}): PeriodicJob {
  const now = opts.now ?? (() => new Date());
  return createPeriodicJob({
    everyMs: opts.intervalMs ?? ctx.config.reminderIntervalMs,
    run: async () => {
      const at = now();
      return (await queueDueArrivalMails(ctx, at)) + (await queueArrivalDayPushes(ctx, at));
    },
    onError: (err) => ctx.log.error({ err }, 'arrival e-mail job failed; will try again'),
  });
}

/** The order page's key an e-mail carries: the link that acted, or a new key when My page did (decision 187). */
async function pageToken(trx: Db, orderId: number, key: LinkKey, now: Date): Promise<string> {
  const given = tokenOf(key);
  if (given) return given;
  const token = newToken();
  await repo.insertPageLink(trx, orderId, hashToken(token), now.toISOString());
  return token;
}

/**
 * The traveller gives or changes the flight from the order page: written with the calendar
 * file's SEQUENCE bumped in one statement, an e-mail with the updated file queued in the same
 * transaction, and staff pushed ("Vol modifié"). 404 for an unknown key or an order without a
 * pickup; 409 once the order is cancelled; 400 for a landing already past.
 */
export async function changePickupFlight(ctx: AppContext, token: LinkKey, input: PickupFlightInput, now: Date = new Date()): Promise<PickupDto> {
  const row = await repo.findPickupByTokenHash(ctx.db, linkHash(token));
  if (!row) throw notFound('Order not found');
  if (!row.airport) throw notFound('This order has no airport pickup');
  if (row.cancelled_at) throw conflict('This order is cancelled', 'order_closed');
  const landsAt = zonedToInstant(input.arrivesAt.slice(0, 10), input.arrivesAt.slice(11, 16), ctx.config.timezone);
  if (landsAt.getTime() <= now.getTime()) throw badRequest('arrivesAt is in the past');
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const after = await repo.updatePickupFlight(trx, row.id, input.flightNumber, input.arrivesAt, now.toISOString());
    if (!after) throw notFound('This order has no airport pickup');
    if (row.email)
      await ctx.mail.enqueue(
        trx,
        flightChangedMail(mailConfig(ctx), {
          orderId: row.id,
          to: row.email,
          name: row.name,
          language: row.language,
          reference: row.reference,
          checkIn: row.check_in,
          checkOut: null,
          roomTypeName: null,
          guests: null,
          pickup: pickupOf(ctx, { ...after, pickup_sequence: after.sequence }, row.language),
          orderUrl: orderPageUrl(ctx, await pageToken(trx, row.id, token, now), row.language),
        }),
      );
    return after;
  });
  ctx.mail.kick();
  ctx.push.notifyStaff({
    title: 'Vol modifié',
    body: `${row.reference} — ${updated.flight_number}, ${updated.arrives_at.replace('T', ' ')} (${updated.airport})`,
    url: '/admin/arrivals',
    tag: `pickup-${row.id}`,
  });
  return { airport: updated.airport, flightNumber: updated.flight_number, arrivesAt: updated.arrives_at, sequence: Number(updated.sequence) };
}
