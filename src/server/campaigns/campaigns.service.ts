import type { CampaignDetailDto, CampaignDto, CampaignPreviewDto } from '../../shared/api-types/campaigns';
import { todayInZone } from '../../shared/gym-time';
import { isLanguage, type Language } from '../../shared/i18n/languages';
import type { CampaignAudience, CampaignPatch, CampaignPayload } from '../../shared/schemas/campaigns';
import type { AppContext } from '../context';
import { nowIso, toBool } from '../db/database';
import type { CampaignRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { findPostById } from '../blog/blog.repository';
import { tagSecret } from '../inbound/reply-tag';
import { unsubscribeUrl } from '../newsletter/newsletter-mails';
import { gymReplyTo } from '../mail/templates/mail-layout';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { countAudience } from './campaign-audience.repository';
import { listHeaders, renderCampaign } from './campaign-mail';
import { readClickToken, readRecipientToken } from './campaign-tokens';
import { contentOf, presentCampaign, presentRecipient } from './campaigns.presenter';
import * as repo from './campaigns.repository';

export const CAMPAIGN_NOT_FOUND = 'Campagne introuvable';

/** The unsubscribe link a preview and a test send show: it unsubscribes nobody. */
const PLACEHOLDER_TOKEN = 'preview-not-a-subscriber';

const json = (v: unknown) => JSON.stringify(v ?? {});

async function present(ctx: AppContext, row: CampaignRow): Promise<CampaignDto> {
  const counts = await repo.countsOf(ctx.db, [row.id]);
  return presentCampaign(row, counts.get(row.id)!);
}

async function found(ctx: AppContext, id: number): Promise<CampaignRow> {
  const row = await repo.findCampaign(ctx.db, id);
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
}

export async function createCampaign(ctx: AppContext, p: CampaignPayload, userId: number | null, postId: number | null = null): Promise<CampaignDto> {
  const now = nowIso();
  const row = await repo.insertCampaign(ctx.db, {
    status: 'draft',
    subject: json(p.subject),
    preheader: json(p.preheader),
    body_markdown: json(p.bodyMarkdown),
    audience: json(p.audience),
    post_id: postId,
    send_at: null,
    started_at: null,
    finished_at: null,
    cancelled_at: null,
    resolve_lease_until: null,
    created_by: userId,
    created_at: now,
    updated_at: now,
  });
  return present(ctx, row);
}

/** A draft changes; a scheduled campaign changes and goes back to draft (staff schedule it again). */
export async function editCampaign(ctx: AppContext, id: number, p: CampaignPatch): Promise<CampaignDto> {
  const row = await repo.updateCampaignIn(ctx.db, id, ['draft', 'scheduled'], {
    ...(p.subject ? { subject: json(p.subject) } : {}),
    ...(p.preheader ? { preheader: json(p.preheader) } : {}),
    ...(p.bodyMarkdown ? { body_markdown: json(p.bodyMarkdown) } : {}),
    ...(p.audience ? { audience: json(p.audience) } : {}),
    status: 'draft',
    send_at: null,
    updated_at: nowIso(),
  });
  if (row) return present(ctx, row);
  await found(ctx, id);
  throw conflict('Cette campagne est en cours d’envoi, envoyée ou annulée : elle ne peut plus être modifiée', 'campaign_not_editable');
}

export async function listCampaigns(ctx: AppContext): Promise<CampaignDto[]> {
  const rows = await repo.listCampaigns(ctx.db);
  const counts = await repo.countsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentCampaign(r, counts.get(r.id)!));
}

export async function getCampaign(ctx: AppContext, id: number): Promise<CampaignDetailDto> {
  const row = await found(ctx, id);
  const links = await repo.linkClicks(ctx.db, id);
  return { ...(await present(ctx, row)), links: links.map((l) => ({ url: l.url, clicks: Number(l.clicks) })) };
}

/**
 * Sends now (null) or at a later instant, only from draft: one conditional write, so a double
 * click or two tabs schedule it once and the second gets campaign_not_draft.
 */
export async function scheduleCampaign(ctx: AppContext, id: number, sendAt: string | null): Promise<CampaignDto> {
  const now = nowIso();
  let at: string | null = null;
  if (sendAt !== null) {
    const ms = Date.parse(sendAt);
    if (!(ms > Date.now())) throw badRequest('L’heure d’envoi est passée : choisissez une heure à venir, ou envoyez maintenant', 'campaign_send_at_past');
    at = new Date(ms).toISOString();
  }
  const row = await repo.updateCampaignIn(
    ctx.db,
    id,
    ['draft'],
    at === null ? { status: 'sending', started_at: now, send_at: null, updated_at: now } : { status: 'scheduled', send_at: at, updated_at: now },
  );
  if (row) {
    ctx.log.info({ campaignId: id, sendAt: at }, at === null ? 'campaign sent now by staff' : 'campaign scheduled');
    return present(ctx, row);
  }
  await found(ctx, id);
  throw conflict('Cette campagne n’est plus un brouillon : elle est déjà programmée, envoyée ou annulée', 'campaign_not_draft');
}

/** Stops what is not yet sent: the recipients still queued are skipped; those sent stay sent. */
export async function cancelCampaign(ctx: AppContext, id: number): Promise<CampaignDto> {
  const now = nowIso();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const r = await repo.updateCampaignIn(trx, id, ['draft', 'scheduled', 'sending'], { status: 'cancelled', cancelled_at: now, updated_at: now });
    if (r) await repo.stopQueued(trx, id, now);
    return r;
  });
  if (row) {
    ctx.log.info({ campaignId: id }, 'campaign cancelled by staff');
    return present(ctx, row);
  }
  await found(ctx, id);
  throw conflict('Cette campagne est déjà envoyée ou annulée', 'campaign_not_cancellable');
}

export const audienceCount = (ctx: AppContext, audience: CampaignAudience): Promise<number> =>
  countAudience(ctx.db, audience, todayInZone(ctx.config.timezone), nowIso());

/**
 * A published blog post as a draft: its title the subject and its Markdown the body, in its
 * language and (when that is not English) as the English fallback too, with a link to the post.
 */
export async function campaignFromPost(ctx: AppContext, postId: number, userId: number | null): Promise<CampaignDto> {
  const post = await findPostById(ctx.db, postId);
  if (!post) throw notFound('Article introuvable');
  if (!toBool(post.published) || !post.published_at || post.published_at > nowIso())
    throw badRequest('Cet article n’est pas publié : seul un article publié peut devenir une campagne', 'post_not_published');
  const url = `${ctx.config.publicUrl}/blog/${encodeURIComponent(post.slug)}`;
  const language: Language = isLanguage(post.language) ? post.language : 'en';
  const body = `${post.content.trim()}\n\n[${post.title.replace(/[[\]]/g, '')}](${url})\n`;
  const per = (v: string) => ({ en: v, ...(language !== 'en' ? { [language]: v } : {}) });
  return createCampaign(
    ctx,
    {
      subject: per(post.title.slice(0, 200)),
      preheader: post.excerpt ? per(post.excerpt.slice(0, 300)) : undefined,
      bodyMarkdown: per(body),
      audience: {},
    },
    userId,
    postId,
  );
}

export async function recipients(ctx: AppContext, id: number, q: { status?: CampaignRecipientStatusQuery; page: number; pageSize: number }) {
  await found(ctx, id);
  const { rows, total } = await repo.recipientsPage(ctx.db, id, q.status, q.pageSize, (q.page - 1) * q.pageSize);
  return { items: rows.map(presentRecipient), total, page: q.page, pageSize: q.pageSize };
}
type CampaignRecipientStatusQuery = Parameters<typeof repo.recipientsPage>[2];

const placeholderUnsubscribe = (ctx: AppContext) => unsubscribeUrl(ctx.config, PLACEHOLDER_TOKEN);

/** The e-mail as a subscriber of that language gets it; links as written, a placeholder unsubscribe link. */
export async function previewCampaign(ctx: AppContext, id: number, language: Language): Promise<CampaignPreviewDto> {
  const row = await found(ctx, id);
  const settings = await currentSiteSettings(ctx);
  const t = renderCampaign({ publicUrl: ctx.config.publicUrl, gym: settings }, contentOf(row), language, {
    link: (url) => url,
    unsubscribe: placeholderUnsubscribe(ctx),
  });
  return { language: t.language, subject: t.subject, preheader: t.preheader, html: t.html, text: t.text };
}

/** One e-mail to a staff address through the outbox, marked as a test; it has no recipient row, so counts nothing. */
export async function testSend(ctx: AppContext, id: number, to: string, language: Language = 'en'): Promise<void> {
  const row = await found(ctx, id);
  const settings = await currentSiteSettings(ctx);
  const unsubscribe = placeholderUnsubscribe(ctx);
  const t = renderCampaign({ publicUrl: ctx.config.publicUrl, gym: settings }, contentOf(row), language, {
    link: (url) => url,
    unsubscribe,
    testNote: 'Test send: not counted; its links go straight to their pages and its unsubscribe link unsubscribes nobody.',
  });
  await ctx.mail.enqueue(ctx.db, {
    to,
    subject: `[Test] ${t.subject}`,
    text: t.text,
    html: t.html,
    replyTo: gymReplyTo({ notifyEmail: ctx.config.notifyEmail, gym: settings }),
    headers: { ...listHeaders({ publicUrl: ctx.config.publicUrl, gym: settings }, unsubscribe), 'X-Campaign-Test': 'yes' },
  });
  ctx.mail.kick();
  ctx.log.info({ campaignId: id }, 'campaign test e-mail queued');
}

/** The link a signed click names, the click counted once per recipient and link; null: refused. */
export async function click(ctx: AppContext, token: string): Promise<string | null> {
  const secret = await tagSecret(ctx.db, ctx.config);
  const parsed = readClickToken(secret, token);
  if (!parsed) return null;
  const target = await repo.clickTarget(ctx.db, parsed.recipientId, parsed.linkId);
  if (!target) return null;
  await repo.recordClick(ctx.db, parsed.recipientId, parsed.linkId, nowIso());
  return target.url;
}

/** An unsubscribe through a campaign e-mail's link (its `c` parameter): counted on that campaign. */
export async function recordCampaignUnsubscribe(ctx: AppContext, subscriberId: number, token: string | undefined): Promise<void> {
  if (!token) return;
  const recipientId = readRecipientToken(await tagSecret(ctx.db, ctx.config), token);
  if (recipientId !== null) await repo.recordUnsubscribe(ctx.db, recipientId, subscriberId, nowIso());
}
