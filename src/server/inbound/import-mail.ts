import type { InboundOutcome } from '../../shared/constants';
import { LANGUAGES, type Language } from '../../shared/i18n/languages';
import { LIMITS } from '../../shared/schemas/common';
import type { AppContext } from '../context';
import { insertConversation, insertMessage } from '../conversations/conversations.repository';
import { emailKey } from '../customers/customer-keys';
import { findCustomer, findOrCreateForVisitor } from '../customers/customers.repository';
import { fromBool, isUniqueViolation, nowIso } from '../db/database';
import { storeAttachments, type PreparedAttachments } from './attachments';
import { applyBounce, ownAddresses } from './bounces';
import { classify } from './classify';
import { findThread, tagContext } from './find-thread';
import * as repo from './inbound.repository';
import { cleanText, digestKey, messageIdKey, normaliseMessageId } from './parse-mail';
import { ParseThreadFailed, ParseTimeLimit, prepareInThread } from './parse-thread';
import { resolveInlineImages, type PreparedMail } from './prepare-mail';
import { tagSecret } from './reply-tag';
import { senderVerdict } from './sender-verdict';

/** One mail as the reader found it. `raw` is absent when the mail is over the size limit. */
export interface FoundMail {
  mailbox: string;
  uid: number | null;
  /** RFC822.SIZE as the server reports it. */
  size: number;
  /** The envelope's Message-ID, when the server gave one (the key of a mail not downloaded). */
  envelopeMessageId?: string | null;
  raw?: Buffer;
}

export interface ImportResult {
  messageKey: string;
  outcome: InboundOutcome;
  /** True when the key was already recorded: nothing changed. */
  duplicate: boolean;
  conversationId: number | null;
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** What a duplicate import answers: the first import's outcome, nothing changed. */
async function duplicateOf(ctx: AppContext, messageKey: string): Promise<ImportResult> {
  const row = await repo.findInboundMail(ctx.db, messageKey);
  return { messageKey, outcome: row?.outcome ?? 'rejected', duplicate: true, conversationId: row?.conversation_id ?? null };
}

type AsideRecord = { outcome: InboundOutcome; detail: string | null; parsed: PreparedMail | null };

/** Why a permanent bounce did not mark its address (the record's detail says so). */
const BOUNCE_IGNORED = {
  'not ours': 'it quotes no mail we sent to that address (no Message-ID of ours, no valid signature)',
  protected: 'the address is ours or a staff account',
} as const;

/**
 * The mail went over the parsing thread's time or memory limit: trying again would cost the same.
 * The reader quarantines it at once (imap-reader.ts) instead of counting tries.
 */
export class MailOverLimit extends Error {
  readonly quarantine = true;
  constructor(message: string) {
    super(message);
    this.name = 'MailOverLimit';
  }
}

/** Records a mail that is not threaded (rejected, own, auto-reply, bounce) with its effect, once. */
async function recordAside(
  ctx: AppContext,
  mail: FoundMail,
  messageKey: string,
  r: AsideRecord,
  effect?: (trx: AppContext['db']) => Promise<void>,
): Promise<ImportResult> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.insertInboundMail(trx, {
        message_key: messageKey,
        mailbox: mail.mailbox,
        uid: mail.uid,
        from_address: r.parsed?.fromAddress ? cut(r.parsed.fromAddress, LIMITS.email) : null,
        subject: r.parsed ? cut(r.parsed.subject, LIMITS.subject) : null,
        outcome: r.outcome,
        conversation_id: null,
        conversation_message_id: null,
        detail: r.detail ? cleanText(r.detail, 1000) : null,
        sent_at: r.parsed?.sentAt ?? null,
        created_at: nowIso(),
      });
      if (effect) await effect(trx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) return duplicateOf(ctx, messageKey);
    throw err;
  }
  return { messageKey, outcome: r.outcome, duplicate: false, conversationId: null };
}

/** What the mail's record and the staff notification say when the quota kept files out. */
const overQuotaNote = (n: number, maxBytes: number) =>
  `${n} attachment${n > 1 ? 's' : ''} not kept: the attachment storage is full (INBOUND_ATTACHMENTS_MAX_MB = ${Math.round(maxBytes / (1024 * 1024))})`;

/** The customer's language: Content-Language when it is one of ours, else the known one, else English. */
function languageOf(parsed: PreparedMail, known: Language | null): Language {
  const tag = parsed.headers.get('content-language')?.[0]?.trim().slice(0, 2).toLowerCase();
  const found = LANGUAGES.find((l) => l === tag);
  return found ?? known ?? 'en';
}

/**
 * Applies one mail exactly once (keyed by Message-ID, else a digest of the raw mail), in one
 * transaction with its record in inbound_mails. Throws only when the mail could not be recorded
 * (database down): the reader keeps it for the next pass and does not advance past its UID.
 */
export async function importMail(ctx: AppContext, mail: FoundMail): Promise<ImportResult> {
  const max = ctx.config.inbound.maxMailBytes;
  if (!mail.raw || mail.raw.length > max) {
    const id = normaliseMessageId(mail.envelopeMessageId);
    const key = id ? messageIdKey(id) : `imap:${mail.mailbox.slice(0, 200)}:${mail.uid ?? 'none'}`;
    const size = mail.raw?.length ?? mail.size;
    return recordAside(ctx, mail, key, { outcome: 'rejected', detail: `too large: ${size} bytes (limit ${max})`, parsed: null });
  }

  let parsed: PreparedMail;
  try {
    parsed = await prepareInThread(mail.raw, ctx.config.inbound.parseMs);
  } catch (err) {
    if (err instanceof ParseTimeLimit || err instanceof ParseThreadFailed) throw new MailOverLimit(err.message);
    return recordAside(ctx, mail, digestKey(mail.raw), { outcome: 'rejected', detail: `unreadable: ${(err as Error).message}`, parsed: null });
  }
  const messageKey = parsed.messageKey;
  // A mail seen before costs one read, no file written.
  if (await repo.findInboundMail(ctx.db, messageKey)) return duplicateOf(ctx, messageKey);

  const own = await ownAddresses(ctx);
  const verdict = classify(parsed, own);
  if (verdict.kind === 'bounce') {
    // Read before the transaction: the key may be made and stored on first use.
    const secret = await tagSecret(ctx.db, ctx.config);
    // The effect is decided inside the transaction; a bounce that did not count says why in its record.
    return recordAside(ctx, mail, messageKey, { outcome: 'bounce', detail: verdict.detail, parsed }, async (trx) => {
      const effect = await applyBounce(trx, verdict, own, secret);
      if (effect === 'not ours' || effect === 'protected') {
        await repo.setInboundDetail(trx, messageKey, cleanText(`${verdict.detail} — not counted: ${BOUNCE_IGNORED[effect]}`, 1000));
      }
    });
  }
  if (verdict.kind !== 'customer') return recordAside(ctx, mail, messageKey, { outcome: verdict.kind, detail: verdict.detail, parsed });

  const senderKey = emailKey(parsed.fromAddress);
  if (!senderKey) return recordAside(ctx, mail, messageKey, { outcome: 'rejected', detail: 'no sender address', parsed });

  // A sender the receiving server could not verify is held for staff: never threaded as the
  // customer, never clearing the address's bounce (sender-verdict.ts).
  const sender = senderVerdict(parsed.headers, ctx.config.inbound.trustedAuthserv);
  if (!sender.verified) {
    const detail = `sender not verified: ${sender.reason}`;
    return recordAside(ctx, mail, messageKey, { outcome: 'rejected', detail, parsed }, async (trx) => {
      await repo.insertHeldMail(trx, messageKey, {
        from_address: cut(senderKey, LIMITS.email),
        from_name: parsed.fromName ? cut(parsed.fromName, LIMITS.name) : null,
        subject: cut(parsed.subject, LIMITS.subject),
        content: parsed.replyText || '(message vide)',
        reason: sender.reason,
        created_at: nowIso(),
        dismissed_at: null,
      });
    });
  }

  // Read outside the transaction: the tag key may be created (settings) on first use.
  const tags = await tagContext(ctx.db, ctx.config);
  // Files are written before the transaction (no disk work while it holds locks) and removed
  // again when it fails or finds the mail already imported.
  const files: PreparedAttachments = await storeAttachments(ctx, parsed.attachments, await repo.keptAttachmentBytes(ctx.db));
  const quotaNote = files.overQuota > 0 ? overQuotaNote(files.overQuota, ctx.config.inbound.attachmentsMaxBytes) : null;
  const html = parsed.html ? resolveInlineImages(parsed.html, parsed.cidPrefix, files.inlineUrls) : null;
  const content = parsed.replyText || (files.list.length > 0 ? '(pièce jointe)' : '(message vide)');
  const senderName = cut(parsed.fromName || senderKey.split('@')[0], LIMITS.name);
  const at = nowIso();

  let result: { outcome: InboundOutcome; conversationId: number; subject: string; name: string };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      // First: a second import of the same mail stops here (unique key), before any effect.
      const record = await repo.insertInboundMail(trx, {
        message_key: messageKey,
        mailbox: mail.mailbox,
        uid: mail.uid,
        from_address: cut(senderKey, LIMITS.email),
        subject: cut(parsed.subject, LIMITS.subject),
        outcome: 'threaded',
        conversation_id: null,
        conversation_message_id: null,
        detail: null,
        sent_at: parsed.sentAt,
        created_at: at,
      });
      // The address works: it no longer bounces.
      await repo.clearBouncing(trx, senderKey, at);
      const known = (await findCustomer(trx, { email: senderKey, phone: null })) ?? null;
      const match = await findThread(trx, tags, parsed, { emailKey: senderKey, customerId: known?.id ?? null });

      let conversationId: number;
      let outcome: InboundOutcome;
      let subject: string;
      let name: string;
      if (match) {
        conversationId = match.conversation.id;
        outcome = 'threaded';
        subject = match.conversation.subject;
        name = match.conversation.user_name;
        await repo.touchConversation(trx, conversationId, at, 'open');
      } else {
        const language = languageOf(parsed, known?.language ?? null);
        // Anyone can write From: a known customer keeps their record (decision 173).
        const customer = await findOrCreateForVisitor(trx, { name: senderName, email: senderKey, phone: null, language });
        subject = cut(parsed.subject || '(sans objet)', LIMITS.subject);
        name = senderName;
        const conversation = await insertConversation(trx, {
          customer_id: customer?.id ?? null,
          user_name: senderName,
          user_email: senderKey,
          subject,
          status: 'new',
          contact_submission_id: null,
          language,
          created_at: at,
          last_message_at: at,
        });
        conversationId = conversation.id;
        outcome = 'opened';
      }
      const message = await insertMessage(trx, {
        conversation_id: conversationId,
        sender_type: 'customer',
        sender_name: senderName,
        content,
        is_read: fromBool(false),
        created_at: at,
        message_id: parsed.messageId,
        channel: 'email',
        html_content: html,
        email_from: cut(senderKey, LIMITS.email),
      });
      await repo.insertAttachments(
        trx,
        files.list.map((f) => ({
          conversation_message_id: message.id,
          filename: f.filename,
          content_type: f.contentType,
          size_bytes: f.sizeBytes,
          storage_key: f.storageKey,
          created_at: at,
        })),
      );
      const detail = [match ? `by ${match.by}` : null, quotaNote].filter(Boolean).join('; ') || null;
      await repo.updateInboundMail(trx, record.id, { outcome, conversation_id: conversationId, conversation_message_id: message.id, detail });
      return { outcome, conversationId, subject, name };
    });
  } catch (err) {
    await files.discard();
    if (isUniqueViolation(err) && (await repo.findInboundMail(ctx.db, messageKey))) return duplicateOf(ctx, messageKey);
    throw err;
  }

  ctx.push.notifyStaff({
    title: result.outcome === 'opened' ? 'Nouveau message par e-mail' : 'Réponse par e-mail',
    body: `${result.name}: ${result.subject}`,
    url: `/admin/messages/${result.conversationId}`,
    tag: 'inbound-mail',
  });
  if (quotaNote) {
    ctx.log.warn({ conversationId: result.conversationId, notKept: files.overQuota }, 'inbound attachments over quota: not kept');
    ctx.push.notifyStaff({
      title: 'Pièces jointes non conservées',
      body: `${result.name}: ${quotaNote}`,
      url: `/admin/messages/${result.conversationId}`,
      tag: 'inbound-attachments-quota',
    });
  }
  return { messageKey, outcome: result.outcome, duplicate: false, conversationId: result.conversationId };
}
