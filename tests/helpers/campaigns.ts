import { randomBytes } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Db } from '../../src/server/db/database';
import type { Language } from '../../src/shared/i18n/languages';
import type { CampaignDetailDto } from '../../src/shared/api-types/campaigns';
import { waitUntil } from './smtp-peer';
import type { TestApp } from './test-app';

// Newsletter campaigns (issue 48) in tests: subscribers written as a confirmed sign-up leaves them
// (the double opt-in itself is tested in newsletter.test.ts), a campaign's payload, its state.

export interface SubscriberSeed {
  email: string;
  language?: Language;
  /** 'confirmed' (default), 'pending' (never confirmed) or 'unsubscribed'. */
  state?: 'confirmed' | 'pending' | 'unsubscribed';
}

/** Writes subscribers in batches of 500; answers their ids in order. */
export async function addSubscribers(db: Db, seeds: SubscriberSeed[]): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (let i = 0; i < seeds.length; i += 500) {
    const rows = await db
      .insertInto('newsletter_subscribers')
      .values(
        seeds.slice(i, i + 500).map((s) => ({
          email: s.email,
          name: null,
          is_active: s.state === undefined || s.state === 'confirmed' ? 1 : 0,
          unsubscribe_token: randomBytes(18).toString('base64url'),
          subscribed_at: now,
          confirmed_at: s.state === 'pending' ? null : now,
          confirm_token_hash: s.state === 'pending' ? randomBytes(16).toString('hex') : null,
          confirm_sent_at: now,
          language: s.language ?? 'en',
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** n confirmed English subscribers with addresses unique to this call. */
export const someSubscribers = (n: number, prefix = 'sub'): SubscriberSeed[] => {
  const tag = randomBytes(3).toString('hex');
  return Array.from({ length: n }, (_v, i) => ({ email: `${prefix}${i}-${tag}@example.com` }));
};

export const campaignBody = (overrides: Record<string, unknown> = {}) => ({
  subject: { en: 'Songkran week at the gym', ru: 'Неделя Сонгкрана в зале' },
  preheader: { en: 'Two extra classes a day', ru: 'Два дополнительных занятия' },
  bodyMarkdown: {
    en: '# Songkran week\n\nTwo **extra** classes a day. [See the timetable](https://gym.test/timetable) or [book a pass](/passes).\n\n- Morning pads\n- Evening sparring\n',
    ru: '# Неделя Сонгкрана\n\nДва занятия в день. [Расписание](https://gym.test/timetable).\n',
  },
  audience: {},
  ...overrides,
});

/** Creates a campaign and sends it now; answers its id. */
export async function sendCampaign(t: TestApp, token: string, body: object = campaignBody()): Promise<number> {
  const made = await t.inject({ method: 'POST', url: '/api/campaigns', token, payload: body });
  if (made.statusCode !== 201) throw new Error(`campaign not made: ${made.statusCode} ${made.body}`);
  const id = made.json<{ id: number }>().id;
  const sent = await t.inject({ method: 'POST', url: `/api/campaigns/${id}/schedule`, token, payload: { sendAt: null } });
  if (sent.statusCode !== 200) throw new Error(`campaign not sent: ${sent.statusCode} ${sent.body}`);
  return id;
}

export async function campaignOf(t: TestApp, token: string, id: number): Promise<CampaignDetailDto> {
  const res = await t.inject({ method: 'GET', url: `/api/campaigns/${id}`, token });
  if (res.statusCode !== 200) throw new Error(`campaign ${id}: ${res.statusCode} ${res.body}`);
  return res.json<CampaignDetailDto>();
}

/** Waits until the campaign is in `status` (sent, by default). */
export const campaignReaches = (t: TestApp, token: string, id: number, status = 'sent', timeoutMs = 20_000) =>
  waitUntil(
    async () => {
      const c = await campaignOf(t, token, id);
      return c.status === status ? c : undefined;
    },
    timeoutMs,
    `campaign ${id} ${status}`,
  );

export const recipientRows = (db: Db, campaignId: number) =>
  db.selectFrom('campaign_recipients').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute();

/** A received message parsed as a mail client would (mailparser): headers, text and HTML parts. */
export const parseMime = (raw: string): Promise<ParsedMail> => simpleParser(raw);
