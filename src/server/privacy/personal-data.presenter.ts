import type { PersonalDataDto, PersonalDataErasedDto } from '../../shared/api-types';
import { toCsv, type CsvCell } from '../../shared/csv';
import { toBool } from '../db/database';
import type { Erased, PersonalData } from './personal-data.service';

export function presentPersonalData(d: PersonalData): PersonalDataDto {
  return {
    email: d.email,
    phone: d.phone,
    reservations: d.reservations.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      course: r.course,
      dateTime: r.date_time,
      message: r.message,
      status: r.status,
      createdAt: r.created_at,
    })),
    conversations: d.conversations.map((c) => ({
      id: c.id,
      userName: c.user_name,
      userEmail: c.user_email,
      subject: c.subject,
      status: c.status,
      createdAt: c.created_at,
      messages: d.messages
        .filter((m) => m.conversation_id === c.id)
        .map((m) => ({ id: m.id, senderType: m.sender_type, senderName: m.sender_name, content: m.content, createdAt: m.created_at })),
    })),
    contactSubmissions: d.contactSubmissions.map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      subject: c.subject,
      message: c.message,
      status: c.status,
      createdAt: c.created_at,
    })),
    newsletterSubscriptions: d.newsletterSubscriptions.map((s) => ({
      id: s.id,
      email: s.email,
      name: s.name,
      isActive: toBool(s.is_active),
      subscribedAt: s.subscribed_at,
    })),
    outbox: d.outbox.map((o) => ({
      id: o.id,
      toAddress: o.to_address,
      subject: o.subject,
      status: o.status,
      createdAt: o.created_at,
      sentAt: o.sent_at,
      textBody: o.text_body,
    })),
    emlFiles: d.emlFiles.map((f) => ({ name: f.name, size: f.size, modifiedAt: f.modifiedAt })),
    customers: d.customers.map((c) => ({ id: c.id, name: c.name, email: c.email, phone: c.phone, language: c.language, createdAt: c.created_at })),
    // Listed field by field: the token hash and Stripe's ids never leave.
    orders: d.orders.map((o) => ({
      id: o.id,
      reference: o.reference,
      customerId: o.customer_id,
      buyerName: o.buyer_name,
      buyerPhone: o.buyer_phone,
      passName: o.pass_name,
      startDate: o.start_date,
      endDate: o.end_date,
      amountSatang: o.amount_satang,
      depositSatang: o.deposit_satang,
      method: o.method,
      createdAt: o.created_at,
      cancelledAt: o.cancelled_at,
      transferSlip: o.slip_key != null,
      ledger: d.ledger
        .filter((l) => l.order_id === o.id)
        .map((l) => ({ id: l.id, kind: l.kind, method: l.method, amountSatang: l.amount_satang, note: l.note, createdAt: l.created_at })),
      passUses: d.passUses
        .filter((u) => u.order_id === o.id)
        .map((u) => ({ id: u.id, reservationId: u.reservation_id, sessionDate: u.session_date, returnedAt: u.returned_at, createdAt: u.created_at })),
    })),
    inboundMails: d.inboundMails.map((m) => ({
      id: m.id,
      fromAddress: m.from_address,
      subject: m.subject,
      outcome: m.outcome,
      detail: m.detail,
      conversationId: m.conversation_id,
      sentAt: m.sent_at,
      createdAt: m.created_at,
    })),
    heldMails: d.heldMails.map((h) => ({
      id: h.id,
      fromAddress: h.from_address,
      fromName: h.from_name,
      subject: h.subject,
      content: h.content,
      reason: h.reason,
      createdAt: h.created_at,
      dismissedAt: h.dismissed_at,
    })),
    attachments: d.attachments.map((a) => ({
      id: a.id,
      messageId: a.conversation_message_id,
      filename: a.filename,
      contentType: a.content_type,
      sizeBytes: a.size_bytes,
      stored: a.storage_key !== null,
      createdAt: a.created_at,
    })),
    bounces: d.bounceRecords.map((b) => ({ email: b.email_key, reason: b.reason, bouncedAt: b.bounced_at })),
    visaLetters: d.visaLetters.map((v) => ({
      id: v.id,
      orderId: v.order_id,
      status: v.status,
      fullName: v.full_name,
      nationality: v.nationality,
      passportNumber: v.passport_number,
      dateOfBirth: v.date_of_birth,
      embassy: v.embassy,
      reference: v.reference,
      issuedAt: v.issued_at,
      revokedAt: v.revoked_at,
      createdAt: v.created_at,
    })),
  };
}

/** The JSON export: what the search shows, the date of the export and each .eml file's text. */
export function presentPersonalDataExport(d: PersonalData, emlTexts: string[], exportedAt: Date) {
  const dto = presentPersonalData(d);
  return { exportedAt: exportedAt.toISOString(), ...dto, emlFiles: dto.emlFiles.map((f, i) => ({ ...f, content: emlTexts[i] ?? '' })) };
}

export const CSV_HEADER = ['Type', 'Id', 'Date', 'Nom', 'E-mail', 'Téléphone', 'Objet', 'Contenu', 'Statut'];

/** The CSV export (shared/csv.ts writes it): one line per record (messages and e-mails included), the same columns for all. */
export function personalDataCsv(d: PersonalData): string {
  const dto = presentPersonalData(d);
  const rows: CsvCell[][] = [];
  for (const r of dto.reservations) rows.push(['réservation', r.id, r.createdAt, r.name, r.email, r.phone, `${r.course} ${r.dateTime}`, r.message, r.status]);
  for (const c of dto.contactSubmissions) rows.push(['contact', c.id, c.createdAt, c.name, c.email, c.phone, c.subject, c.message, c.status]);
  for (const c of dto.conversations) {
    rows.push(['conversation', c.id, c.createdAt, c.userName, c.userEmail, null, c.subject, null, c.status]);
    for (const m of c.messages) rows.push(['message', m.id, m.createdAt, m.senderName, null, null, `conversation ${c.id}`, m.content, m.senderType]);
  }
  for (const s of dto.newsletterSubscriptions)
    rows.push(['newsletter', s.id, s.subscribedAt, s.name, s.email, null, null, null, s.isActive ? 'actif' : 'inactif']);
  for (const o of dto.outbox) rows.push(['e-mail', o.id, o.createdAt, null, o.toAddress, null, o.subject, o.textBody, o.status]);
  for (const c of dto.customers) rows.push(['client', c.id, c.createdAt, c.name, c.email, c.phone, null, null, null]);
  for (const o of dto.orders) {
    rows.push([
      'commande',
      o.id,
      o.createdAt,
      o.buyerName,
      null,
      o.buyerPhone,
      `${o.reference} ${o.passName} ${o.startDate}–${o.endDate}`,
      `${o.amountSatang} satang`,
      o.cancelledAt ? 'annulée' : o.method,
    ]);
    for (const l of o.ledger)
      rows.push([l.kind === 'refund' ? 'remboursement' : 'paiement', l.id, l.createdAt, null, null, null, o.reference, `${l.amountSatang} satang`, l.method]);
    for (const u of o.passUses)
      rows.push([
        'usage de pass',
        u.id,
        u.createdAt,
        null,
        null,
        null,
        o.reference,
        `réservation ${u.reservationId} ${u.sessionDate}`,
        u.returnedAt ? 'rendu' : 'utilisé',
      ]);
  }
  for (const m of dto.inboundMails) rows.push(['e-mail reçu', m.id, m.createdAt, null, m.fromAddress, null, m.subject, m.detail, m.outcome]);
  for (const h of dto.heldMails) rows.push(['e-mail retenu', h.id, h.createdAt, h.fromName, h.fromAddress, null, h.subject, h.content, h.reason]);
  for (const a of dto.attachments)
    rows.push([
      'pièce jointe',
      a.id,
      a.createdAt,
      null,
      null,
      null,
      `message ${a.messageId}`,
      `${a.filename} (${a.contentType}, ${a.sizeBytes} octets)`,
      a.stored ? 'conservée' : 'listée',
    ]);
  for (const b of dto.bounces) rows.push(['adresse en échec', null, b.bouncedAt, null, b.email, null, null, b.reason, 'refusée']);
  for (const v of dto.visaLetters)
    rows.push([
      'lettre de visa',
      v.id,
      v.createdAt,
      v.fullName,
      null,
      null,
      `${v.reference ?? 'demande'} (commande ${v.orderId})`,
      [v.nationality, v.passportNumber, v.dateOfBirth, v.embassy].filter(Boolean).join(' · '),
      v.status,
    ]);
  for (const f of dto.emlFiles) rows.push(['fichier .eml', f.name, f.modifiedAt, null, null, null, null, `${f.size} octets`, null]);
  return toCsv(CSV_HEADER, rows);
}

export const presentErased = (e: Erased): PersonalDataErasedDto => ({ ...e });
