import type { OrderLinesDto } from '../../shared/api-types/stay-orders';
import { addDays, todayInZone } from '../../shared/gym-time';
import { localText, staySettingsOf, type StaySettings } from '../../shared/stay-settings-data';
import type { RoomTypeTranslations } from '../../shared/schemas/stays';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { OrderRow } from '../db/schema';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { findOrderPickup, findOrderStay } from './stay-orders.repository';
import { findTermsVersion } from '../site-settings/stay-terms.repository';
import { daysFrom, termsRulesOf } from './stay-orders.service';
import { findRoomType } from './stays.repository';
import { findOrderDiscount } from '../discount-codes/discount-codes.repository';

// An order's lines as its page, the back office, the e-mail and the receipt show them: training,
// room and pickup apart, what is included and not, the terms, in the order's language.

const roomName = async (db: Db, roomTypeId: number, stored: string, language: OrderRow['language']): Promise<string> => {
  if (language === 'en') return stored;
  const type = await findRoomType(db, roomTypeId);
  if (!type) return stored;
  try {
    return (JSON.parse(type.translations) as RoomTypeTranslations)[language]?.name || stored;
  } catch {
    return stored;
  }
};

/** The lines of an order with a stay or a pickup; undefined for a pass alone. `open`: the order still takes changes. */
export async function orderLinesOf(
  ctx: AppContext,
  row: OrderRow,
  open: boolean,
  db: Db = ctx.db,
  /** Given inside a transaction (e-mails): no read of the settings there. */
  staySettings?: StaySettings,
): Promise<OrderLinesDto | undefined> {
  const stay = await findOrderStay(db, row.id);
  const pickup = await findOrderPickup(db, row.id);
  if (!stay && !pickup) return undefined;
  // The lines show their price before a discount code's; the order's `discount` shows it per line.
  const discounted = (await findOrderDiscount(db, row.id))?.discount_satang ?? 0;
  const settings = staySettings ?? staySettingsOf(await currentSiteSettings(ctx));
  const lang = row.language;
  const terms = stay ? await termsRulesOf(db, row.terms_version, settings) : null;
  const termsRow = terms?.version != null ? await findTermsVersion(db, terms.version) : undefined;
  let changeDatesUntil: string | null = null;
  if (stay && terms && open && stay.holds_nights === 1) {
    const last = addDays(stay.check_in, -terms.rules.freeChangeDays);
    if (last >= todayInZone(ctx.config.timezone)) changeDatesUntil = last;
  }
  const airport = pickup ? settings.airports.find((a) => a.code === pickup.airport) : undefined;
  return {
    trainingSatang: row.amount_satang + discounted - (stay?.amount_satang ?? 0) - (pickup?.amount_satang ?? 0),
    stay: stay
      ? {
          roomTypeId: stay.room_type_id,
          roomTypeName: await roomName(db, stay.room_type_id, stay.room_type_name, lang),
          checkIn: stay.check_in,
          checkOut: stay.check_out,
          nights: daysFrom(stay.check_in, stay.check_out),
          guests: stay.guests,
          amountSatang: stay.amount_satang,
          holdsNights: stay.holds_nights === 1,
        }
      : null,
    pickup: pickup
      ? {
          airport: pickup.airport,
          airportName: airport?.name ?? pickup.airport,
          flightNumber: pickup.flight_number,
          arrivesAt: pickup.arrives_at,
          amountSatang: pickup.amount_satang,
        }
      : null,
    included: localText(settings.included, lang),
    notIncluded: localText(settings.notIncluded, lang),
    meetingPoint: pickup ? localText(settings.meetingPoint, lang) : null,
    balanceDueDate: row.balance_due_date,
    termsVersion: terms?.version ?? null,
    termsText: termsRow ? localText(JSON.parse(termsRow.text) as { en: string }, lang) : stay ? localText(settings.terms.text, lang) : null,
    changeDatesUntil,
  };
}

/**
 * The receipt's lines (in English, as the receipt is): training, room and pickup apart, and a
 * discount code's line below them (negative); undefined for a pass alone without a code.
 */
export async function receiptItemsOf(
  db: Db,
  row: OrderRow,
): Promise<{ description: string; startDate: string; endDate: string; amountSatang: number }[] | undefined> {
  const stay = await findOrderStay(db, row.id);
  const pickup = await findOrderPickup(db, row.id);
  const discount = await findOrderDiscount(db, row.id);
  if (!stay && !pickup && !discount) return undefined;
  const items = [];
  const training = row.amount_satang + (discount?.discount_satang ?? 0) - (stay?.amount_satang ?? 0) - (pickup?.amount_satang ?? 0);
  if (row.pass_id !== '') items.push({ description: `Training: ${row.pass_name}`, startDate: row.start_date, endDate: row.end_date, amountSatang: training });
  if (stay) {
    const nights = daysFrom(stay.check_in, stay.check_out);
    items.push({
      description: `Room: ${stay.room_type_name} (${nights} ${nights === 1 ? 'night' : 'nights'}, ${stay.guests} ${stay.guests === 1 ? 'guest' : 'guests'})`,
      startDate: stay.check_in,
      endDate: stay.check_out,
      amountSatang: stay.amount_satang,
    });
  }
  if (pickup) {
    const day = pickup.arrives_at.slice(0, 10);
    const flight = pickup.flight_number ? `, flight ${pickup.flight_number}` : '';
    items.push({
      description: `Airport pickup: ${pickup.airport}${flight}, ${pickup.arrives_at.slice(11)}`,
      startDate: day,
      endDate: day,
      amountSatang: pickup.amount_satang,
    });
  }
  if (discount) {
    items.push({ description: `Discount code ${discount.code}`, startDate: row.start_date, endDate: row.end_date, amountSatang: -discount.discount_satang });
  }
  return items;
}
