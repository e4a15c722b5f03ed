// Visa letters (issue 35): the traveller's request from the order page, staff issuing and revoking
// it, the public verification, and the hooks the order's money and the erase call. The PDF is
// written from a plain object (documents/visa-letter.ts); its reference comes from a per-year
// sequence; its verification code is 128 random bits.
import { randomBytes } from 'node:crypto';
import { classCover, type PassCovers } from '../../shared/catalogue';
import { addDays, todayInZone } from '../../shared/gym-time';
import { letterDetailsMissing } from '../../shared/legal-details';
import type { VisaLetterRequestPayload } from '../../shared/schemas/visa-letters';
import { countryName, namesDiffer, type VisaVerdict } from '../../shared/visa-letters';
import { linkHash, type LinkKey } from '../links/link-key';
import { recordAudit } from '../audit/audit.service';
import type { AppContext } from '../context';
import { fromBool, nowIso, type Db } from '../db/database';
import type { OrderRow, VisaLetterRow } from '../db/schema';
import { visaLetterPdf, type LetterSession, type VisaLetterData } from '../documents/visa-letter';
import { conflict, notFound } from '../errors';
import { ledgerTotals, lockOrder } from '../ledger/ledger.repository';
import { figuresOf, type OrderFigures } from '../ledger/order-figures';
import { gymReplyTo } from '../mail/templates/mail-layout';
import { visaLetterMail, visaRequestStaffMail } from '../mail/templates/visa-letter-mails';
import { findCustomerRow, findOrder, findOrderByTokenHash } from '../orders/orders.repository';
import { currentSiteSettings, mailConfig, siteImageStorage } from '../site-settings/site-settings.service';
import * as repo from './visa-letters.repository';
import { loadSharp } from '../media/image-processing';

const ORDER_NOT_FOUND = 'Order not found';
const LETTER_NOT_FOUND = 'Lettre introuvable';
export const NOT_A_PROGRAMME = 'A visa letter is only for a long-stay programme';
export const NOT_PAID_YET = 'The visa letter can be requested once the programme is paid';
const NOT_PAID_STAFF = 'Lettre impossible : la commande n’est pas payée (ni son acompte quand Paramètres le permet), ou elle est annulée ou remboursée';
const ERASED = 'Les données du passeport ont été effacées : demandez une nouvelle demande au voyageur';
const ALREADY_REVOKED = 'Cette lettre est déjà révoquée';
const JUST_HANDLED = 'Cette demande vient d’être traitée : rechargez la liste';
const NOT_ISSUED = 'No visa letter has been issued for this order yet';

const DISCIPLINE_WORDS: Record<PassCovers, string> = { 'muay-thai': 'Muay Thai (Thai boxing)', mma: 'Mixed martial arts (MMA)' };

/** What the verification page shows (never the passport number nor the date of birth). */
export interface VisaVerification {
  status: VisaVerdict;
  reference: string;
  gym: string;
  holderName: string | null;
  programme: string;
  startDate: string;
  endDate: string;
  issueDate: string;
  revokedAt: string | null;
}

/** The facts a letter printed besides the passport data, kept beside it (the `letter` column). */
interface LetterFacts {
  gym: string;
  programme: string;
  startDate: string;
  endDate: string;
  issueDate: string;
}

const isProgramme = (o: OrderRow) => o.pass_kind === 'programme';

/** Whether a letter may be asked for or issued: paid in full, or its deposit when the owner allows it. */
function paidEnough(f: OrderFigures, onDeposit: boolean): 'full' | 'deposit' | null {
  if (f.state === 'paid' || f.state === 'overpaid') return 'full';
  if (f.state === 'deposit-paid' && onDeposit) return 'deposit';
  return null;
}

/** A year after `isoOrDate` (an instant, or a gym date taken at its end): when the passport data goes. */
function yearAfter(isoOrDate: string): string {
  const d = isoOrDate.length === 10 ? new Date(`${addDays(isoOrDate, 1)}T00:00:00Z`) : new Date(isoOrDate);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString();
}

const verifyUrl = (ctx: AppContext, code: string) => `${ctx.config.publicUrl}/verify/${code}`;

async function orderOfToken(ctx: AppContext, token: LinkKey): Promise<OrderRow> {
  const row = await findOrderByTokenHash(ctx.db, linkHash(token));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** POST /api/orders/by-token/{token}/visa-letter: the traveller's passport data; staff are told. */
export async function requestLetter(ctx: AppContext, token: LinkKey, input: VisaLetterRequestPayload): Promise<{ status: 'requested'; warning?: string }> {
  const order = await orderOfToken(ctx, token);
  if (!isProgramme(order)) throw conflict(NOT_A_PROGRAMME, 'visa_letter_unavailable');
  const settings = await currentSiteSettings(ctx);
  const f = figuresOf(order, await ledgerTotals(ctx.db, order.id));
  if (!paidEnough(f, settings.visaLetter.onDeposit)) throw conflict(NOT_PAID_YET, 'visa_letter_unavailable');
  const buyer = await findCustomerRow(ctx.db, order.customer_id);
  const differs = namesDiffer(input.fullName, buyer?.name ?? '');
  const fields = {
    full_name: input.fullName,
    nationality: input.nationality,
    passport_number: input.passportNumber,
    date_of_birth: input.dateOfBirth,
    embassy: input.embassy,
    name_differs: fromBool(differs),
    language: order.language,
  };
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const updated = await repo.updateWaitingRequest(trx, order.id, fields);
    if (!updated)
      await repo.insertLetter(trx, { ...fields, order_id: order.id, status: 'requested', purge_after: yearAfter(now), created_at: now, updated_at: now });
    const config = mailConfig(ctx);
    const to = gymReplyTo(config);
    if (to)
      await ctx.mail.enqueue(trx, visaRequestStaffMail(config, to, { orderReference: order.reference, programme: order.pass_name, nameDiffers: differs }));
  });
  ctx.mail.kick();
  ctx.push.notifyStaff({ title: 'Demande de lettre pour visa', body: `${order.reference} — ${order.pass_name}`, url: '/admin/visas', tag: `visa-${order.id}` });
  return differs
    ? { status: 'requested', warning: 'The name differs from the name on your order: please check it is exactly as in your passport.' }
    : { status: 'requested' };
}

/** GET /api/visa-letters (staff): the requests and letters, newest first, passport data included. */
export async function listLetters(ctx: AppContext, q: { status?: VisaLetterRow['status']; page?: number; pageSize?: number }) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 50;
  const { rows, total } = await repo.listLetters(ctx.db, q.status, pageSize, (page - 1) * pageSize);
  return { rows, total, page, pageSize };
}

/** The weekly sessions of the programme's disciplines, in gym time. */
async function programmeTimetable(db: Db, disciplines: string[]): Promise<LetterSession[]> {
  const rows = await db
    .selectFrom('weekly_sessions as w')
    .innerJoin('classes as c', 'c.id', 'w.class_id')
    .select(['w.weekday', 'w.start_time', 'c.name', 'c.duration_minutes', 'c.by_appointment'])
    .where('w.active', '=', fromBool(true))
    .where('c.active', '=', fromBool(true))
    .execute();
  return rows
    .filter((r) => {
      const cover = classCover(r.name, Boolean(r.by_appointment));
      return cover !== null && cover !== 'private' && disciplines.includes(cover);
    })
    .map((r) => ({ weekday: r.weekday, start: r.start_time, durationMinutes: r.duration_minutes, className: r.name }));
}

/** An uploaded signature or stamp as PNG (pdf-lib embeds neither WebP nor an image it cannot read). */
async function imagePng(ctx: AppContext, url: string, label: string): Promise<Uint8Array> {
  try {
    const storage = siteImageStorage(ctx);
    const name = storage.nameFromUrl(url);
    let bytes: Buffer;
    if (name) bytes = await storage.read(name);
    else if (url.startsWith('https://')) bytes = Buffer.from(await (await fetch(url, { signal: AbortSignal.timeout(5000) })).arrayBuffer());
    else throw new Error('not an image of ours');
    // libvips loads on first use, as for uploads (media/image-processing.ts), not at start.
    const sharp = await loadSharp();
    return await sharp(bytes).flatten({ background: '#ffffff' }).png().toBuffer();
  } catch (err) {
    ctx.log.warn({ err }, `visa letter: the ${label} image could not be read`);
    throw conflict(`Lettre impossible : l’image « ${label} » de Paramètres est illisible ; envoyez-la à nouveau`, 'letter_details_missing');
  }
}

/**
 * POST /api/visa-letters/{id}/issue (staff): the letter, its reference and code; the holder's
 * e-mail with the PDF. On a letter already issued (or revoked), a new letter with a new reference,
 * the old one revoked. 409 for an order not paid, an empty letterhead or erased passport data.
 */
export async function issueLetter(ctx: AppContext, id: number, userId: number): Promise<VisaLetterRow> {
  const row = await repo.findLetter(ctx.db, id);
  if (!row) throw notFound(LETTER_NOT_FOUND);
  if (!row.full_name || !row.passport_number || !row.date_of_birth || !row.nationality) throw conflict(ERASED, 'visa_letter_closed');
  const order = await findOrder(ctx.db, row.order_id);
  if (!order || !isProgramme(order)) throw notFound(LETTER_NOT_FOUND);
  const settings = await currentSiteSettings(ctx);
  const missing = letterDetailsMissing(settings);
  if (missing.length > 0) throw conflict(`Lettre impossible : à remplir dans Paramètres : ${missing.join(', ')}`, 'letter_details_missing');
  const paid = paidEnough(figuresOf(order, await ledgerTotals(ctx.db, order.id)), settings.visaLetter.onDeposit);
  if (!paid) throw conflict(NOT_PAID_STAFF, 'visa_letter_unavailable');
  const [signaturePng, stampPng] = await Promise.all([
    imagePng(ctx, settings.visaLetter.signatureImageUrl!, 'Signature'),
    imagePng(ctx, settings.visaLetter.stampImageUrl!, 'Cachet'),
  ]);
  // The letter is in English: the programme's English name from Paramètres (the order keeps the buyer's language's).
  const programmeName = settings.programmes.find((p) => `${p.key}.programme` === order.pass_id)?.name ?? order.pass_name;
  const disciplines = (order.programme_disciplines ?? order.pass_covers).split(',').filter(Boolean);
  const issueDate = todayInZone(ctx.config.timezone);
  // The number is taken on its own: a letter that fails after it leaves a gap, never a duplicate.
  const reference = `DTV-${issueDate.slice(0, 4)}-${String(await repo.nextSequence(ctx.db, 'DTV', Number(issueDate.slice(0, 4)))).padStart(4, '0')}`;
  const code = randomBytes(16).toString('base64url');
  const legal = settings.legal;
  const data: VisaLetterData = {
    gym: { legalName: legal.name!, registrationNumber: legal.registrationNumber, address: legal.address!, phone: legal.phone, email: legal.email },
    reference,
    issueDate,
    embassy: row.embassy,
    holder: { fullName: row.full_name, nationality: countryName(row.nationality), passportNumber: row.passport_number, dateOfBirth: row.date_of_birth },
    programme: {
      name: programmeName,
      disciplines: disciplines.map((d) => DISCIPLINE_WORDS[d as PassCovers] ?? d).join(', '),
      startDate: order.start_date,
      endDate: order.end_date,
      sessionsPerWeek: order.programme_sessions_per_week ?? 0,
      hoursPerWeek: order.programme_hours_per_week ?? 0,
      timetable: await programmeTimetable(ctx.db, disciplines),
      timezone: ctx.config.timezone,
    },
    paid,
    signatory: { name: settings.visaLetter.signatoryName!, title: settings.visaLetter.signatoryTitle! },
    signaturePng,
    stampPng,
    verifyUrl: verifyUrl(ctx, code),
  };
  const pdf = await visaLetterPdf(data);
  const facts: LetterFacts = { gym: legal.name!, programme: programmeName, startDate: order.start_date, endDate: order.end_date, issueDate };
  const issued = {
    reference,
    verify_code: code,
    letter: JSON.stringify(facts),
    pdf: Buffer.from(pdf).toString('base64'),
    valid_until: order.end_date,
    issued_at: nowIso(),
    issued_by: userId,
    purge_after: yearAfter(order.end_date),
  };
  const letterId = await ctx.db.transaction().execute(async (trx) => {
    await lockOrder(trx, order.id, ctx.dialect);
    // Checked again under the order's lock: a refund recorded meanwhile wins.
    const now = figuresOf(order, await ledgerTotals(trx, order.id));
    if (!paidEnough(now, settings.visaLetter.onDeposit)) throw conflict(NOT_PAID_STAFF, 'visa_letter_unavailable');
    let letterId = row.id;
    if (row.status === 'requested') {
      // Two taps on "Émettre" (or two staff members): the first issues, the second is told.
      if (!(await repo.markIssued(trx, row.id, issued))) throw conflict(JUST_HANDLED, 'visa_letter_closed');
    } else {
      const fresh = await repo.findLetter(trx, row.id);
      if (!fresh?.passport_number) throw conflict(ERASED, 'visa_letter_closed');
      letterId = (
        await repo.insertLetter(trx, {
          order_id: row.order_id,
          status: 'issued',
          full_name: row.full_name,
          nationality: row.nationality,
          passport_number: row.passport_number,
          date_of_birth: row.date_of_birth,
          embassy: row.embassy,
          name_differs: row.name_differs,
          language: row.language,
          ...issued,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
      ).id;
    }
    // Every other letter of the order stops holding; their passport data goes with them.
    await repo.revokeOrderLetters(trx, order.id, `replaced by ${reference}`, { keepId: letterId, blank: true, purgeAfter: yearAfter(nowIso()) });
    const customer = await findCustomerRow(trx, order.customer_id);
    if (customer?.email)
      await ctx.mail.enqueue(
        trx,
        visaLetterMail(mailConfig(ctx), { to: customer.email, name: customer.name, language: row.language, reference, pdf, orderUrl: null }),
      );
    return letterId;
  });
  ctx.mail.kick();
  return (await repo.findLetter(ctx.db, letterId))!;
}

/** POST /api/visa-letters/{id}/revoke (staff). */
export async function revokeLetter(ctx: AppContext, id: number, reason: string): Promise<VisaLetterRow> {
  const row = await repo.findLetter(ctx.db, id);
  if (!row) throw notFound(LETTER_NOT_FOUND);
  if (!(await repo.revokeLetter(ctx.db, id, reason, yearAfter(nowIso())))) throw conflict(ALREADY_REVOKED, 'visa_letter_closed');
  return (await repo.findLetter(ctx.db, id))!;
}

/** The issued letter's PDF, for the holder (by token) or staff (by id); every download is audited. */
export async function letterPdfByToken(
  ctx: AppContext,
  token: LinkKey,
  ip: string | null,
  route = '/api/orders/by-token/:token/visa-letter.pdf',
): Promise<{ pdf: Buffer; reference: string }> {
  const order = await orderOfToken(ctx, token);
  const letter = (await repo.lettersOfOrders(ctx.db, [order.id])).find((l) => l.status === 'issued' && l.pdf);
  if (!letter?.pdf || !letter.reference) throw notFound(NOT_ISSUED, 'visa_letter_not_issued');
  await recordAudit(ctx, {
    created_at: nowIso(),
    user_id: null,
    user_email: null,
    method: 'GET',
    route,
    entity_type: 'visa_letters',
    entity_id: String(letter.id),
    status: 200,
    ip,
    summary: `visa letter ${letter.reference} downloaded by its holder`,
  });
  return { pdf: Buffer.from(letter.pdf, 'base64'), reference: letter.reference };
}

export async function letterPdfById(ctx: AppContext, id: number): Promise<{ pdf: Buffer; reference: string }> {
  const letter = await repo.findLetter(ctx.db, id);
  if (!letter?.pdf || !letter.reference) throw notFound(LETTER_NOT_FOUND, 'visa_letter_not_issued');
  return { pdf: Buffer.from(letter.pdf, 'base64'), reference: letter.reference };
}

/** GET /api/visa-letters/verify/{code}: what an officer may see; an unknown code is a 404. */
export async function verifyLetter(ctx: AppContext, code: string, now = new Date()): Promise<VisaVerification> {
  const row = await repo.findLetterByCode(ctx.db, code);
  if (!row?.reference || !row.valid_until) throw notFound('Unknown letter');
  const facts: Partial<LetterFacts> = row.letter ? (JSON.parse(row.letter) as LetterFacts) : {};
  const order = await findOrder(ctx.db, row.order_id);
  const status: VisaVerdict = row.status !== 'issued' ? 'revoked' : todayInZone(ctx.config.timezone, now) > row.valid_until ? 'expired' : 'valid';
  return {
    status,
    reference: row.reference,
    gym: facts.gym ?? (await currentSiteSettings(ctx)).legal.name ?? '',
    holderName: row.full_name,
    programme: facts.programme ?? order?.pass_name ?? '',
    startDate: facts.startDate ?? order?.start_date ?? '',
    endDate: row.valid_until,
    issueDate: facts.issueDate ?? row.issued_at?.slice(0, 10) ?? '',
    revokedAt: row.revoked_at,
  };
}

/** GET /api/orders/by-token/{token}/visa-letter: whether the order page offers the form, and where the letter stands. */
export async function letterStateByToken(ctx: AppContext, token: string) {
  const order = await orderOfToken(ctx, token);
  const f = figuresOf(order, await ledgerTotals(ctx.db, order.id));
  if (!isProgramme(order)) return { canRequest: false, status: null, reference: null };
  const settings = await currentSiteSettings(ctx);
  const latest = (await repo.lettersOfOrders(ctx.db, [order.id]))[0];
  return {
    canRequest: paidEnough(f, settings.visaLetter.onDeposit) !== null,
    status: latest?.status ?? null,
    reference: latest?.status === 'issued' ? latest.reference : null,
  };
}
