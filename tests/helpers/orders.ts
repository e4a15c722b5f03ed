import sharp from 'sharp';
import { todayInZone } from '../../src/shared/gym-time';
import type { SiteSettings, SiteSettingsDto } from '../../src/shared/schemas/site-settings';
import type { TestApp } from './test-app';
import { customer, type Customer } from './factories';
import { GYM_TIME_ZONE } from './sessions';

// Builders for the orders suites: the payload of POST /api/orders, the owner's payment settings
// and a transfer slip to upload.

export interface OrderBody {
  passId: string;
  startDate: string;
  name: string;
  email: string;
  phone: string | null;
  language: Customer['language'];
  method: 'promptpay' | 'card' | 'desk';
  website?: string;
}

export const gymToday = (): string => todayInZone(GYM_TIME_ZONE);

/** A one-week PromptPay order (1,500 THB) starting today, by a fresh customer. */
export function orderBody(overrides: Partial<OrderBody> = {}, who: Customer = customer({ language: overrides.language ?? 'en' })): OrderBody {
  return {
    passId: 'week-single.muay-thai',
    startDate: gymToday(),
    name: who.name,
    email: who.email,
    phone: null,
    language: who.language,
    method: 'promptpay',
    ...overrides,
  };
}

/** Edits the stored settings through the API, as the owner does in Paramètres. */
export async function editSettings(t: TestApp, adminToken: string, edit: (s: SiteSettings) => void): Promise<void> {
  // As an admin: anyone else reads the settings without the visa letter's images (publicSiteSettings).
  const read = await t.inject({ method: 'GET', url: '/api/site-settings', token: adminToken });
  const dto = read.json<SiteSettingsDto>();
  const settings = structuredClone(dto.settings);
  edit(settings);
  const res = await t.inject({ method: 'PUT', url: '/api/site-settings', token: adminToken, payload: { settings, version: dto.version } });
  if (res.statusCode !== 200) throw new Error(`settings not saved: ${res.statusCode} ${res.body}`);
}

/** An order's payment hold ran out `agoMs` ago (the clock moved on): as the expiry jobs then see it. */
export async function holdRanOut(t: TestApp, orderId: number, agoMs = 60_000): Promise<void> {
  await t.app.ctx.db
    .updateTable('orders')
    .set({ expires_at: new Date(Date.now() - agoMs).toISOString() })
    .where('id', '=', orderId)
    .execute();
}

/** Every detail a visa letter needs (letterDetailsMissing answers []): a programme can be sold. */
export function fillLetterDetails(s: SiteSettings): void {
  s.legal = {
    name: 'Tiger Coast Co., Ltd.',
    registrationNumber: '0815562001234',
    address: '88/8 หมู่ 2 ถนนอ่าวนาง\nกระบี่ 81180',
    phone: '+66 75 123 456',
    email: 'office@tigercoastfightclub.com',
  };
  s.visaLetter = {
    signatoryName: 'Pim Sukjai',
    signatoryTitle: 'Managing Director',
    signatureImageUrl: '/uploads/site/signature-400.webp',
    stampImageUrl: '/uploads/site/stamp-400.webp',
    onDeposit: false,
  };
}

/** A multipart body with one `image` part, as the order page's form sends it. */
export async function slipForm(file?: { data: Buffer; filename: string; type: string }) {
  const image = file ?? {
    data: await sharp({ create: { width: 120, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer(),
    filename: 'slip.jpg',
    type: 'image/jpeg',
  };
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image.data)], { type: image.type }), image.filename);
  const body = new Response(form);
  return { payload: Buffer.from(await body.arrayBuffer()), headers: { 'content-type': body.headers.get('content-type')! } };
}

/** The text of every part of a raw e-mail, quoted-printable and base64 text parts decoded. */
export function mailText(raw: string): string {
  const parts = raw.split(/\r\n--[^\r\n]+\r\n/);
  return parts
    .map((part) => {
      const split = part.indexOf('\r\n\r\n');
      const head = split >= 0 ? part.slice(0, split) : '';
      const body = split >= 0 ? part.slice(split + 4) : part;
      if (!/content-type:\s*text\//i.test(head)) return '';
      if (/quoted-printable/i.test(head)) {
        return Buffer.from(
          body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      }
      if (/base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      return body;
    })
    .join('\n');
}
