import { addDays, todayInZone } from '../../shared/gym-time';
import { deskOrderSchema } from '../../shared/schemas/orders';
import { privateLessonPayloadSchema } from '../../shared/schemas/private-lessons';
import { reservationPayloadSchema } from '../../shared/schemas/reservations';
import { visaLetterRequestSchema } from '../../shared/schemas/visa-letters';
import type { AppContext } from '../context';
import { findOrCreateCustomer } from '../customers/customers.repository';
import { loadSharp } from '../media/image-processing';
import { plannedDays } from '../desk/desk.service';
import { recordPayment } from '../orders/order-payments.service';
import { createDeskOrder } from '../orders/orders.service';
import { bookLesson } from '../private-lessons/private-lessons.service';
import { writeBooking } from '../reservations/booking-create.service';
import { busyLessons } from '../trainers/lessons.repository';
import { listSlots } from '../trainers/trainers.service';
import { requestLetter } from '../visa-letters/visa-letters.service';
import { publishWaiver, signWaiver } from '../waivers/waivers.service';
import type { DemoCatalogue } from './demo-catalogue.seed';
import { DEMO_PROGRAMME } from './demo-content';
import { addRecords } from './demo.repository';

// The demo's traveller (issue 47 point 8): one person whose page shows every kind of thing a
// long stay holds: a pass in use with a class booked on it, a private lesson, a stay arriving
// with its pickup, the DTV programme with its visa letter requested, and the gym's waiver
// signed. Made through the domains' services, as a traveller and the desk would.

export const DEMO_TRAVELLER = { name: 'Sam Traveller Demo', email: 'traveller.demo@example.com', phone: '+44 7700 900123', language: 'en' as const };

export const DEMO_WAIVER = {
  en:
    'Muay Thai, Brazilian Jiu-Jitsu, MMA, Wrestling and Luta Livre are contact sports. I understand that training can cause injury, and I take part at my own risk.\n\n' +
    'I will tell my coach before class about any injury or condition, follow the coaches’ instructions, and stop when I feel unwell.\n\n' +
    'This is the demo gym’s example waiver: the owner writes the real text in Paramètres.',
};

const signaturePng = async () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="140"><path d="M20 100 C 60 20, 90 130, 140 60 S 220 20, 260 90 S 340 40, 380 70" stroke="#111" stroke-width="4" fill="none" stroke-linecap="round"/></svg>';
  const sharp = await loadSharp();
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
};

export async function seedDemoTraveller(ctx: AppContext, catalogue: DemoCatalogue, adminId: number, now = new Date()): Promise<void> {
  const today = todayInZone(ctx.config.timezone, now);
  const p = DEMO_TRAVELLER;
  const customer = await findOrCreateCustomer(ctx.db, p);
  if (!customer) return;
  const buyer = { name: p.name, email: p.email, phone: p.phone, language: p.language };

  // A week's unlimited Muay Thai, paid at the desk, and a class booked on it the day after tomorrow.
  const pass = await createDeskOrder(ctx, deskOrderSchema.parse({ ...buyer, passId: 'week-unlimited.muay-thai', startDate: today, payment: null }), adminId);
  await recordPayment(ctx, pass.row.id, { method: 'cash', amountSatang: pass.row.amount_satang, note: null }, adminId);
  const [, , day] = await plannedDays(ctx.db, ctx.config.timezone, today, 3);
  const muayThai = day?.occurrences.find((o) => !o.cancelled && o.active && o.course.includes('Muay Thai'));
  if (muayThai) {
    await ctx.db.transaction().execute((trx) =>
      writeBooking(ctx, trx, {
        payload: reservationPayloadSchema.parse({
          ...buyer,
          course: muayThai.course,
          dateTime: muayThai.startsAt.toISOString(),
          message: null,
          passToken: pass.token,
        }),
      }),
    );
  }

  // A stay from the day after tomorrow, with its pickup at Krabi airport; the deposit paid.
  const room = catalogue.roomTypes[0];
  const arrival = addDays(today, 2);
  await createDeskOrder(
    ctx,
    deskOrderSchema.parse({
      ...buyer,
      stay: { roomTypeId: room.id, checkIn: arrival, checkOut: addDays(arrival, 14), guests: 1 },
      pickup: { airport: 'KBV', flightNumber: 'TG 251', arrivesAt: `${arrival}T11:20` },
      payment: { amountSatang: Math.round(room.nightlySatang * 14 * 0.3), method: 'transfer' },
    }),
    adminId,
  );

  // The six-month DTV programme, paid (the letter is issued on full payment unless Paramètres says the deposit), and its visa letter asked for.
  const programme = await createDeskOrder(
    ctx,
    deskOrderSchema.parse({ ...buyer, passId: `${DEMO_PROGRAMME.key}.programme`, startDate: addDays(today, 2), payment: null }),
    adminId,
  );
  await recordPayment(ctx, programme.row.id, { method: 'transfer', amountSatang: programme.row.amount_satang, note: null }, adminId);
  await requestLetter(
    ctx,
    programme.token,
    visaLetterRequestSchema.parse({ fullName: 'SAM TRAVELLER DEMO', nationality: 'GB', passportNumber: 'DEMO12345', dateOfBirth: '1993-04-12', embassy: null }),
  ).catch((err: unknown) => ctx.log.warn({ err }, 'demo: the traveller’s visa letter was not requested'));

  // A private lesson with the first trainer free in the coming days (the first coaches the group classes).
  for (const trainer of catalogue.trainers) {
    const [slot] = await listSlots(ctx, { from: addDays(today, 1), days: 5, minutes: 60, trainerId: trainer.id }, (ids, from, to) =>
      busyLessons(ctx.db, ids, from, to),
    );
    if (!slot) continue;
    await bookLesson(
      ctx,
      privateLessonPayloadSchema.parse({
        ...buyer,
        trainerId: trainer.id,
        startsAt: slot.startsAt,
        minutes: 60,
        discipline: trainer.disciplines[0],
        guests: 1,
        method: 'desk',
      }),
      { staff: true },
    );
    break;
  }

  // The gym's waiver, published and signed (the drawing stands for a finger's).
  const waiver = await publishWaiver(ctx, { texts: DEMO_WAIVER, resign: 'unsigned' }, adminId);
  await addRecords(ctx.db, 'waiver', [waiver.version]);
  await signWaiver(
    ctx,
    customer.id,
    {
      version: waiver.version,
      fullName: p.name,
      birthDate: '1993-04-12',
      emergencyName: 'Alex Traveller Demo',
      emergencyPhone: '+44 7700 900456',
      conditions: [],
      conditionsText: 'Old left knee sprain, healed (demo)',
      signatureName: p.name,
      signatureImage: await signaturePng(),
    },
    'en',
  );
}
