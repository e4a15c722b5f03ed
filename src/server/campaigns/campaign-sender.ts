import type { Language } from '../../shared/i18n/languages';
import { campaignAudienceSchema } from '../../shared/schemas/campaigns';
import { todayInZone } from '../../shared/gym-time';
import type { AppContext } from '../context';
import { nowIso, toBool } from '../db/database';
import type { CampaignRecipientRow, CampaignRow } from '../db/schema';
import { tagSecret } from '../inbound/reply-tag';
import { retryDelayMs, newMessageId } from '../mail/delivery/mail-queue';
import { createMailSender, describeMailError, type MailSender } from '../mail/delivery/mail-sender';
import { headersJson, oneLine } from '../mail/delivery/outbox-parts';
import { bouncingAmong } from '../mail/delivery/outbox.repository';
import { recipientTag } from '../mail/recipient-tag';
import { gymReplyTo } from '../mail/templates/mail-layout';
import { unsubscribeUrl } from '../newsletter/newsletter-mails';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { audienceMembers } from './campaign-audience.repository';
import { campaignLinks, campaignTemplate, fillTemplate, listHeaders, type CampaignTemplate } from './campaign-mail';
import { clickToken, clickUrl, recipientToken } from './campaign-tokens';
import * as repo from './campaigns.repository';
import * as throttle from './campaign-throttle.repository';
import { contentOf } from './campaigns.presenter';

// The campaigns' worker (decision 192), started with the other workers on every instance. Each
// pass: scheduled campaigns whose time has come start; one instance writes a starting campaign's
// audience out into campaign_recipients (batches, yielding between them); then recipients are
// sent one at a time, each only once it has a place in the throttle window (a conditional write
// shared by every instance) and has been claimed (a conditional write that also stores its
// Message-ID, before the SMTP exchange). A claim left 'sending' past its lease is a send cut by a
// crash: it is the only one sent again, with the same Message-ID. The e-mails go through the
// outbox's own sender (same composer, same SMTP transport settings, same recipient signature).

/** Longer than a bounded SMTP exchange (mail-sender.ts): a live claim never looks abandoned. */
export const CAMPAIGN_LEASE_MS = 5 * 60_000;
/** Recipients written per statement; the event loop is given back between two. */
export const RECIPIENT_BATCH = 250;
const KICK_DELAY_MS = 20;
const TEMPLATE_CACHE = 24;

export interface CampaignSender {
  start(): void;
  stop(): Promise<void>;
  /** Wakes the worker now (a campaign was scheduled to send now). */
  kick(): void;
  /** One pass now (tests); resolves when it is over. */
  runOnce(): Promise<void>;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createCampaignSender(ctx: AppContext, opts: { sender?: MailSender } = {}): CampaignSender {
  const { db, config, log } = ctx;
  const windowMs = config.campaignWindowMs ?? 60_000;
  let mailer = opts.sender;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let timerDue = 0;
  let running: Promise<void> | undefined;
  let again = false;
  /** When the throttle window is full: the next one's start. */
  let wakeAt: number | undefined;
  const templates = new Map<string, CampaignTemplate>();

  const windowOf = (ms: number) => String(Math.floor(ms / windowMs)).padStart(15, '0');

  function schedule(ms: number) {
    if (!started) return;
    if (timer && timerDue <= Date.now() + ms) return;
    if (timer) clearTimeout(timer);
    timerDue = Date.now() + ms;
    timer = setTimeout(() => {
      timer = undefined;
      void runOnce();
    }, ms);
    timer.unref();
  }

  function runOnce(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    wakeAt = undefined;
    running = pass()
      .catch((err: unknown) => log.error({ err }, 'campaign worker failed; will try again'))
      .finally(() => {
        running = undefined;
        if (again && started) {
          again = false;
          schedule(KICK_DELAY_MS);
        } else schedule(wakeAt !== undefined ? Math.max(wakeAt - Date.now(), KICK_DELAY_MS) : config.mailPollMs);
      });
    return running;
  }

  async function pass() {
    // Idle (no campaign scheduled or being sent, nor a claim to retry): one read, no write.
    if (!(await repo.anyActive(db))) return;
    const now = nowIso();
    for (const c of await repo.startDue(db, now)) log.info({ campaignId: c.id }, 'campaign starts sending (its time has come)');
    for (let c = await nextToResolve(); c; c = await nextToResolve()) await resolve(c);
    await send();
    for (const c of await repo.finishDone(db, nowIso())) log.info({ campaignId: c.id }, 'campaign sent to every recipient');
  }

  const nextToResolve = () => (started ? repo.claimResolve(db, nowIso(), new Date(Date.now() + CAMPAIGN_LEASE_MS).toISOString()) : Promise.resolve(undefined));

  /** The audience written out, in batches; an instance resuming after a crash adds the rest. */
  async function resolve(c: CampaignRow) {
    const content = contentOf(c);
    await repo.insertLinks(db, c.id, campaignLinks(content, config.publicUrl));
    const audience = campaignAudienceSchema.parse(JSON.parse(c.audience));
    const members = await audienceMembers(db, audience, todayInZone(config.timezone), nowIso());
    const now = nowIso();
    for (let i = 0; i < members.length; i += RECIPIENT_BATCH) {
      await repo.insertRecipients(db, c.id, members.slice(i, i + RECIPIENT_BATCH), now);
      // The site keeps answering while a large audience is written.
      await yieldToLoop();
    }
    await repo.markReady(db, c.id);
    log.info({ campaignId: c.id, recipients: members.length }, 'campaign recipients written');
  }

  async function send() {
    const settings = await currentSiteSettings(ctx);
    const limit = settings.newsletter.campaignsPerMinute;
    while (started) {
      const nowMs = Date.now();
      const now = new Date(nowMs).toISOString();
      if (!(await repo.hasClaimable(db, now))) return;
      const window = windowOf(nowMs);
      if (!(await throttle.takeSlot(db, window, limit))) {
        // The window is full (here or on another instance): the next one.
        wakeAt = (Math.floor(nowMs / windowMs) + 1) * windowMs;
        return;
      }
      const r = await repo.claimOne(db, now, new Date(nowMs + CAMPAIGN_LEASE_MS).toISOString(), newMessageId(config), window);
      if (!r) {
        await throttle.giveSlotBack(db, window);
        return;
      }
      if (r.was === 'sending')
        log.warn(
          { campaignId: r.campaign_id, recipientId: r.id, attempts: r.attempts },
          'campaign e-mail cut by a crash during its SMTP exchange: sent again with the same Message-ID',
        );
      if (!(await sendOne(r, settings))) await throttle.giveSlotBack(db, window);
    }
  }

  /** False when nothing went out (the recipient is no longer one), so the place goes back. */
  async function sendOne(r: CampaignRecipientRow, settings: Awaited<ReturnType<typeof currentSiteSettings>>): Promise<boolean> {
    // Checked again now: unsubscribed, deleted or bouncing since the audience was written.
    const subscriber = await repo.subscriberOf(db, r.subscriber_id);
    const bouncing = await bouncingAmong(db, [r.email_key]);
    const why = !subscriber
      ? 'no longer a subscriber'
      : !toBool(subscriber.is_active)
        ? 'unsubscribed'
        : bouncing.has(r.email_key)
          ? 'address bounces'
          : subscriber.email.trim().toLowerCase() !== r.email_key
            ? 'address changed'
            : null;
    if (why || !subscriber) {
      await repo.finishRecipient(db, r, { status: 'skipped', reason: why });
      return false;
    }
    const campaign = await repo.findCampaign(db, r.campaign_id);
    if (!campaign) return false;
    const secret = await tagSecret(db, config);
    const template = await templateOf(campaign, r.language, settings);
    const unsubscribe = `${unsubscribeUrl(config, subscriber.unsubscribe_token)}&c=${encodeURIComponent(recipientToken(secret, r.id))}`;
    const body = fillTemplate(template, (linkId) => clickUrl(config.publicUrl, clickToken(secret, r.id, linkId)), unsubscribe);
    const at = nowIso();
    mailer ??= createMailSender(config, { onThreadError: (err) => log.warn({ err }, 'e-mail composing thread failed; e-mails are built in the main thread') });
    try {
      await mailer.send({
        id: r.id,
        fileName: `campaign-${r.id}`,
        to_address: oneLine(r.email),
        subject: oneLine(template.subject),
        text_body: body.text,
        html_body: body.html,
        reply_to: gymReplyTo({ notifyEmail: config.notifyEmail, gym: settings }),
        message_id: r.message_id!,
        status: 'sending',
        attempts: r.attempts,
        next_attempt_at: at,
        locked_until: r.locked_until,
        last_error: null,
        created_at: r.created_at,
        sent_at: null,
        calendar: null,
        attachments: null,
        headers: headersJson(listHeaders({ publicUrl: config.publicUrl, gym: settings }, unsubscribe)),
        reservation_id: null,
        template: null,
        recipientTag: recipientTag(secret, r.email),
      });
    } catch (err) {
      const error = describeMailError(err, config.smtpUrl);
      // The reason staff read keeps the server's words; the log names nobody.
      const logged = withoutAddresses(error);
      const code = (err as { responseCode?: number }).responseCode;
      // A refusal for good (5xx) or the last attempt: failed, with the reason staff read.
      if ((code !== undefined && code >= 500) || r.attempts >= config.mailMaxAttempts) {
        await repo.finishRecipient(db, r, { status: 'failed', reason: error });
        log.warn({ campaignId: r.campaign_id, recipientId: r.id, attempts: r.attempts, error: logged }, 'campaign e-mail failed');
      } else {
        const next = new Date(Date.now() + retryDelayMs(config, r.attempts)).toISOString();
        await repo.finishRecipient(db, r, { status: 'queued', reason: error, next_attempt_at: next });
        log.warn({ campaignId: r.campaign_id, recipientId: r.id, attempts: r.attempts, next, error: logged }, 'campaign e-mail refused; will retry');
      }
      return true;
    }
    // Sent: recorded at once, insisting, since a claim left 'sending' would be sent again after its lease.
    for (let i = 0; ; i++) {
      try {
        await repo.finishRecipient(db, r, { status: 'sent', sent_at: nowIso(), reason: null });
        return true;
      } catch (err) {
        if (i >= 4) throw err;
        await new Promise((res) => setTimeout(res, 200 * 2 ** i));
      }
    }
  }

  async function templateOf(c: CampaignRow, language: Language, settings: Awaited<ReturnType<typeof currentSiteSettings>>): Promise<CampaignTemplate> {
    const key = `${c.id}:${c.updated_at}:${language}:${settings.name}:${postalKey(settings)}`;
    let t = templates.get(key);
    if (!t) {
      const links = await repo.linksOf(db, c.id);
      t = campaignTemplate({ publicUrl: config.publicUrl, gym: settings }, contentOf(c), language, links);
      if (templates.size >= TEMPLATE_CACHE) templates.delete(templates.keys().next().value!);
      templates.set(key, t);
    }
    return t;
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      mailer?.close();
      mailer = opts.sender;
    },
    kick() {
      if (!started) return;
      if (running) again = true;
      else schedule(KICK_DELAY_MS);
    },
    runOnce,
  };
}

/** An SMTP answer without the addresses it names ("550 <ana@example.com>: unknown" → "550 [address]: unknown"). */
const withoutAddresses = (text: string): string =>
  text
    .split(' ')
    .map((w) => (w.includes('@') ? '[address]' : w))
    .join(' ');

const postalKey = (s: { address: unknown; legal: { address: string | null } }) => JSON.stringify([s.address, s.legal.address]);
