import { roomTypeCreateSchema } from '../../shared/schemas/stays';
import { trainerCreateSchema } from '../../shared/schemas/trainers';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import type { AppContext } from '../context';
import { getSiteSettings, saveSiteSettings } from '../site-settings/site-settings.service';
import { createRoomType } from '../stays/stays.service';
import { listBookableWeeklySessions } from '../timetable/timetable.repository';
import { createTrainer, setAvailability } from '../trainers/trainers.service';
import { storeDemoPicture } from './demo-images';
import { DEMO_PROGRAMME, DEMO_ROOMS, DEMO_TRAINERS, demoLegal, demoPromptpayId } from './demo-content';
import { addRecords, findSession, setSessionCoach } from './demo.repository';

// The gym's offer in the demo: trainers, room types, and what Paramètres needs for the programme
// and PromptPay to be sold. Made through each domain's service, as staff would make them.

export interface DemoCatalogue {
  trainers: { id: number; name: string; disciplines: string[] }[];
  roomTypes: { id: number; name: string; nightlySatang: number }[];
}

export async function seedDemoCatalogue(ctx: AppContext, adminId: number): Promise<DemoCatalogue> {
  const trainers: DemoCatalogue['trainers'] = [];
  for (const [i, t] of DEMO_TRAINERS.entries()) {
    const photoUrl = await storeDemoPicture(ctx, {
      width: 800,
      height: 1000,
      motif: 'portrait',
      title: t.name.split(' ')[0],
      subtitle: t.disciplines.join(' · '),
      ...t.colours,
    });
    const input = trainerCreateSchema.parse({
      name: t.name,
      photoUrl,
      disciplines: t.disciplines,
      languages: t.languages,
      bio: t.bio,
      position: i,
      share: t.share,
    });
    const dto = await createTrainer(ctx, input);
    await setAvailability(ctx, dto.id, { windows: t.windows.map(([weekday, from, to]) => ({ weekday, from, to })), exceptions: [] });
    await addRecords(ctx.db, 'trainer', [dto.id]);
    trainers.push({ id: dto.id, name: t.name, disciplines: t.disciplines });
  }
  await coachGroupClasses(ctx, trainers[0].name, trainers[0].disciplines);

  const roomTypes: DemoCatalogue['roomTypes'] = [];
  for (const r of DEMO_ROOMS) {
    const photos: string[] = [];
    for (const [n, subtitle] of r.photoCaptions.entries()) {
      photos.push(
        await storeDemoPicture(ctx, {
          width: 800,
          height: 534,
          motif: 'room',
          title: r.fields.name.replace(' (demo)', ''),
          subtitle,
          ...r.colours[n % r.colours.length],
        }),
      );
    }
    const input = roomTypeCreateSchema.parse({ ...r.fields, photos });
    const dto = await createRoomType(ctx, input);
    await addRecords(ctx.db, 'room-type', [dto.id]);
    roomTypes.push({ id: dto.id, name: r.fields.name, nightlySatang: r.fields.nightlyPriceSatang });
  }

  await seedDemoSettings(ctx, adminId);
  return { trainers, roomTypes };
}

/** The first trainer coaches the group classes of his disciplines that nobody coaches yet. */
async function coachGroupClasses(ctx: AppContext, name: string, disciplines: string[]): Promise<void> {
  const words = disciplines.map((d) => d.toLowerCase());
  for (const s of await listBookableWeeklySessions(ctx.db)) {
    if (s.by_appointment || s.coach || !words.some((w) => s.class_name.toLowerCase().includes(w))) continue;
    const before = await findSession(ctx.db, s.id);
    await setSessionCoach(ctx.db, s.id, name);
    await addRecords(ctx.db, 'session', [`${s.id}:coach`], { before: before?.coach ?? null, demo: name });
  }
  ctx.publicCache.invalidate('timetable');
}

/** A changed setting, recorded with what it was and what the demo made it (removal puts it back if untouched). */
async function recordSetting(ctx: AppContext, path: string, before: unknown, demo: unknown) {
  await addRecords(ctx.db, 'setting', [path], { before, demo });
}

/** The letterhead and signatory marked as demo, a DTV programme on sale, a demo PromptPay ID. */
async function seedDemoSettings(ctx: AppContext, adminId: number): Promise<void> {
  const current = await getSiteSettings(ctx);
  const s = current.settings;
  const [signatureImageUrl, stampImageUrl] = [
    await storeDemoPicture(ctx, {
      width: 400,
      height: 150,
      motif: 'signature',
      title: '',
      subtitle: 'Demo signature',
      from: '#fff',
      to: '#fff',
      accent: '#1b2a6b',
    }),
    await storeDemoPicture(ctx, {
      width: 400,
      height: 400,
      motif: 'stamp',
      title: 'DEMO',
      subtitle: 'not a real stamp',
      from: '#fff',
      to: '#fff',
      accent: '#b3121b',
    }),
  ];
  const legal = demoLegal();
  const visaLetter: SiteSettings['visaLetter'] = {
    ...s.visaLetter,
    signatoryName: 'Somchai Demo',
    signatoryTitle: 'Managing director (demo)',
    signatureImageUrl,
    stampImageUrl,
  };
  const promptpayId = demoPromptpayId;
  const next: SiteSettings = {
    ...s,
    legal,
    visaLetter,
    payments: { ...s.payments, promptpayId },
    programmes: [...s.programmes.filter((p) => p.key !== DEMO_PROGRAMME.key), DEMO_PROGRAMME],
  };
  await saveSiteSettings(ctx, next, current.version, adminId);
  // One record per field: staff may change one (a real signatory) and keep the demo's others.
  for (const key of Object.keys(legal) as (keyof typeof legal)[]) await recordSetting(ctx, `legal.${key}`, s.legal[key], legal[key]);
  for (const key of ['signatoryName', 'signatoryTitle', 'signatureImageUrl', 'stampImageUrl'] as const) {
    await recordSetting(ctx, `visaLetter.${key}`, s.visaLetter[key], visaLetter[key]);
  }
  await recordSetting(ctx, 'payments.promptpayId', s.payments.promptpayId, promptpayId);
  await addRecords(ctx.db, 'programme', [DEMO_PROGRAMME.key]);
}
