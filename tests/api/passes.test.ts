import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassDto } from '../../src/shared/api-types/payments';
import type { SiteSettings, SiteSettingsDto } from '../../src/shared/schemas/site-settings';
import { findPassForSale, listPassesForSale } from '../../src/server/catalogue/catalogue.service';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 21, point 1: the passes are the cells of the owner's price table (Paramètres), read by
// GET /api/passes and by the order services through findPassForSale.

const SEEDED: [id: string, priceSatang: number][] = [
  ['single.muay-thai', 25_000],
  ['single.mma', 40_000],
  ['day.muay-thai', 60_000],
  ['day.mma', 100_000],
  ['week-single.muay-thai', 150_000],
  ['week-single.mma', 250_000],
  ['week-unlimited.muay-thai', 350_000],
  ['week-unlimited.mma', 500_000],
  ['month-single.muay-thai', 650_000],
  ['month-single.mma', 800_000],
  ['month-unlimited.muay-thai', 1_200_000],
  ['month-unlimited.mma', 1_500_000],
  ['private.muay-thai', 100_000],
  ['private.mma', 150_000],
];

describe.each(backends)('passes on %s', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
  });
  afterAll(() => t?.close());

  const passes = async () => {
    const res = await t.inject({ method: 'GET', url: '/api/passes' });
    expect(res.statusCode).toBe(200);
    return res.json<PassDto[]>();
  };
  const settings = async () => (await t.inject({ method: 'GET', url: '/api/site-settings', token: admin })).json<SiteSettingsDto>();
  const put = (s: SiteSettings, version: number) => t.inject({ method: 'PUT', url: '/api/site-settings', token: admin, payload: { settings: s, version } });
  /** Saves the settings as `edit` leaves them; the answer must be 200. */
  async function edit(change: (s: SiteSettings) => void) {
    const before = await settings();
    const s = structuredClone(before.settings);
    change(s);
    const res = await put(s, before.version);
    expect(res.statusCode, res.body).toBe(200);
  }
  /** Sends an edit the schema must refuse: 400 with that French sentence and code validation, nothing saved. */
  async function refused(change: (s: SiteSettings) => void, message: string | RegExp) {
    const before = await settings();
    const s = structuredClone(before.settings);
    change(s);
    const res = await put(s, before.version);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ error: string; code: string }>();
    expect(body.code).toBe('validation');
    expect(body.error).toMatch(message);
    expect((await settings()).version).toBe(before.version);
  }

  it('lists the 14 seeded passes of SPEC.md §9 in satang, anonymously', async () => {
    const list = await passes();
    expect(list.map((p) => [p.id, p.priceSatang])).toEqual(SEEDED);
    const week = list.find((p) => p.id === 'week-single.muay-thai')!;
    expect(week).toMatchObject({ covers: 'muay-thai', kind: 'days-single', days: 7, sessionsPerDay: 1, credits: 7, depositSatang: 0 });
    expect(week.name.en).toBe('1 week, one session/day · Muay Thai');
    expect(Object.keys(week.name).sort()).toEqual(['de', 'en', 'fr', 'ru', 'th', 'zh']);
    expect(list.find((p) => p.id === 'month-unlimited.mma')).toMatchObject({ kind: 'days-unlimited', days: 30, sessionsPerDay: null, credits: null });
    expect(list.every((p) => Number.isSafeInteger(p.priceSatang))).toBe(true);
    // The catalogue's own flag stays on the server.
    expect(list.some((p) => 'hidden' in p)).toBe(false);
  });

  it('drops a pass hidden in Paramètres from the list at once, and shows it again when put back on sale', async () => {
    await passes(); // fills the public cache: the save must drop it
    await edit((s) => {
      s.prices.rows[2].pass!.hidden = [false, true];
    });
    const list = await passes();
    expect(list).toHaveLength(13);
    expect(list.map((p) => p.id)).not.toContain('week-single.mma');
    expect(list.map((p) => p.id)).toContain('week-single.muay-thai');
    await expect(findPassForSale(t.app.ctx, 'week-single.mma')).rejects.toMatchObject({ statusCode: 409, code: 'pass_not_on_sale' });
    expect((await listPassesForSale(t.app.ctx)).map((p) => p.id)).not.toContain('week-single.mma');

    await edit((s) => {
      s.prices.rows[2].pass!.hidden = [];
    });
    expect(await passes()).toHaveLength(14);
    expect((await findPassForSale(t.app.ctx, 'week-single.mma')).priceSatang).toBe(250_000);
  });

  it('shows a price edit at once, and applies the deposit rule to long passes and private classes', async () => {
    await passes();
    await edit((s) => {
      s.prices.rows[0].prices[0] = 300;
      s.payments.deposit = { mode: 'percent', value: 20 };
    });
    const list = await passes();
    expect(list.find((p) => p.id === 'single.muay-thai')).toMatchObject({ priceSatang: 30_000, depositSatang: 0 });
    expect(list.find((p) => p.id === 'week-single.muay-thai')!.depositSatang).toBe(30_000);
    expect(list.find((p) => p.id === 'private.mma')!.depositSatang).toBe(30_000);
    expect((await findPassForSale(t.app.ctx, 'single.muay-thai')).priceSatang).toBe(30_000);
    await edit((s) => {
      s.prices.rows[0].prices[0] = 250;
      s.payments.deposit = { mode: 'none', value: 0 };
    });
    expect((await passes()).map((p) => [p.id, p.priceSatang])).toEqual(SEEDED);
  });

  it('sells nothing in a column that covers no classes, nor in a row without a formula', async () => {
    await edit((s) => {
      s.prices.covers = ['muay-thai', null];
      delete s.prices.rows[6].pass;
    });
    const ids = (await passes()).map((p) => p.id);
    expect(ids).toHaveLength(6);
    expect(ids.every((id) => id.endsWith('.muay-thai') && !id.startsWith('private.'))).toBe(true);
    await expect(findPassForSale(t.app.ctx, 'single.mma')).rejects.toMatchObject({ statusCode: 404, code: 'pass_not_found' });
    await edit((s) => {
      s.prices.covers = ['muay-thai', 'mma'];
      s.prices.rows[6].pass = { key: 'private', kind: 'private', days: 1, hidden: [] };
    });
    expect(await passes()).toHaveLength(14);
  });

  it('refuses an unknown pass with 404 pass_not_found', async () => {
    for (const id of ['nope', 'single.boxing', 'single', '']) {
      await expect(findPassForSale(t.app.ctx, id)).rejects.toMatchObject({ statusCode: 404, code: 'pass_not_found' });
    }
  });

  it('refuses settings that would make passes ambiguous or payments impossible, in French, with the code', async () => {
    await refused((s) => {
      s.payments.promptpayId = '12345';
    }, /^Identifiant PromptPay invalide/);
    await refused((s) => {
      s.prices.rows[1].pass!.key = 'single';
    }, 'Tarifs : les lignes « 1 session » et « Full day pass » ont le même code de formule (single)');
    await refused((s) => {
      s.payments.deposit = { mode: 'percent', value: 101 };
    }, 'Acompte : 100 % au plus');
    await refused((s) => {
      s.prices.covers = ['muay-thai'];
    }, /^Tarifs : indiquez les cours couverts de chaque colonne/);
    await refused((s) => {
      s.prices.covers = ['mma', 'mma'];
    }, /couvrent les mêmes cours$/);
    await refused((s) => {
      s.prices.rows[0].pass!.hidden = [false, false, true];
    }, /plus de cases « en vente » que de colonnes/);
    await refused((s) => {
      s.prices.rows[6].pass!.days = 7;
    }, 'Tarifs : la ligne « Private class » (cours privé) dure 1 jour');
    await refused((s) => {
      s.payments.cancelHours = -1;
    }, /^Délai d’annulation/);
  });

  it('saves a valid PromptPay ID in its normal form', async () => {
    await edit((s) => {
      s.payments.promptpayId = '+66 81 234 5678';
      s.payments.taxId = '0105551234567';
    });
    expect((await settings()).settings.payments).toMatchObject({ promptpayId: '0812345678', taxId: '0105551234567' });
  });

  it('says which online ways to pay are open: PromptPay once the gym has an ID, cards only when configured', async () => {
    const methods = async () => (await t.inject({ method: 'GET', url: '/api/payments/methods' })).json<{ promptpay: boolean; card: boolean }>();
    await edit((s) => {
      s.payments.promptpayId = null;
    });
    expect(await methods()).toEqual({ promptpay: false, card: false });
    await edit((s) => {
      s.payments.promptpayId = '0812345678';
    });
    expect(await methods()).toEqual({ promptpay: true, card: false });
  });
});
