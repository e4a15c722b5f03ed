import type { OffersDto } from '../../shared/api-types/offers';
import { programmesFromSettings } from '../../shared/catalogue';
import { toBool } from '../db/database';
import type { AppContext } from '../context';
import { listPassesForSale, paymentMethods } from '../catalogue/catalogue.service';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import * as rooms from '../stays/stays.repository';
import { listPublicClasses } from '../timetable/timetable.service';
import { waiverPublished } from '../waivers/waivers.service';
import * as trainers from '../trainers/trainers.repository';

// What the booking journey can sell now (issue 46 §2), read from what each sale checks: the
// journey shows a kind only when this says so, and says why when it does not. Each sale still
// refuses on its own (a hidden programme, a full room, a trainer's taken time), so this read
// only decides what is offered, never what is allowed.

const yes = { available: true, reason: null } as const;
const no = { available: false, reason: 'none' } as const;

export async function offers(ctx: AppContext): Promise<OffersDto> {
  const [passes, settings, classes, types, roomList, coaches, online, waiver] = await Promise.all([
    listPassesForSale(ctx),
    currentSiteSettings(ctx),
    listPublicClasses(ctx),
    rooms.listRoomTypes(ctx.db),
    rooms.listRooms(ctx.db),
    trainers.listTrainers(ctx.db, { activeOnly: true }),
    paymentMethods(ctx),
    waiverPublished(ctx),
  ]);
  // A trainer with no weekly hours has no free slot to offer: not a choice.
  const windows = await trainers.listWindows(
    ctx.db,
    coaches.map((c) => c.id),
  );
  const active = classes.classes.filter((c) => toBool(c.class.active));
  const appointment = active.filter((c) => toBool(c.class.by_appointment)).map((c) => c.class.name);
  // Programmes the owner put on sale, whatever their letter: hidden only for the letter says why.
  const programmesOnSale = settings.programmes.filter((p) => p.onSale).length;
  const programmesSold = programmesFromSettings(settings).filter((p) => !p.hidden).length;
  const withTrainer = windows.length > 0;
  const hasRooms = types.some((t) => roomList.some((r) => r.room_type_id === t.id));
  // A stay's deposit is paid online (orders refuse a stay at the desk).
  const stay = !hasRooms ? no : online.promptpay || online.card ? yes : ({ available: false, reason: 'payment' } as const);
  return {
    class: active.some((c) => c.schedule.length > 0) ? yes : no,
    pass: passes.some((p) => p.kind !== 'programme') ? yes : no,
    programme: programmesSold > 0 ? yes : { available: false, reason: programmesOnSale > 0 ? 'letter' : 'none' },
    stay,
    private: withTrainer
      ? { ...yes, how: 'trainer', courses: [] }
      : appointment.length > 0
        ? { ...yes, how: 'request', courses: appointment }
        : { ...no, how: null, courses: [] },
    waiver,
  };
}
