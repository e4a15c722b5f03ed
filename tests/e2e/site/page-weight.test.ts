import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/shared/i18n/languages';
import { localePath } from '../../../src/shared/i18n/paths';
import { kb, measurePageWeight, overBudget, WEIGHT_BUDGET, type PageWeight } from '../../helpers/page-weight';
import { useSite } from './site-helpers';

// The JavaScript budget of every public page type (issue 24): at 375 px, scrolled to the bottom,
// at most 100 KB compressed, and at most 8 script files before any interaction, in every
// language. The same measure as `npm run bench:weight` (tests/helpers/page-weight.ts).

const list = (w: PageWeight) => [...w.scrolled.scripts].map((s) => `${kb(s.bytes)} KB ${s.url}`).join('\n');

describe('JavaScript budget of the public pages', () => {
  const site = useSite();

  it('the budget check names what is over', () => {
    const stage = (files: number, bytes: number) => ({ files, bytes, transferred: bytes, scripts: [] });
    const limit = WEIGHT_BUDGET.kb * 1000;
    const fits = { url: '/', initial: stage(8, 90_000), scrolled: stage(9, limit) };
    expect(overBudget(fits)).toEqual([]);
    expect(overBudget({ ...fits, scrolled: stage(9, limit + 100) })).toEqual([
      `${WEIGHT_BUDGET.kb}.1 KB of JavaScript after scrolling (budget ${WEIGHT_BUDGET.kb} KB)`,
    ]);
    expect(overBudget({ ...fits, initial: stage(9, 90_000) })).toEqual([`9 script files before any interaction (budget ${WEIGHT_BUDGET.files})`]);
  });

  // A booking's manage link (only e-mailed: read from the outbox) and a pass order's page.
  let managePath = '';
  let orderPath = '';
  let transferPath = '';
  beforeAll(async () => {
    const { sessions, timezone } = (await site.api<{ timezone: string; sessions: { course: string; startsAt: string; full: boolean }[] }>('/api/sessions'))
      .body;
    const session = sessions.find((x) => !x.full && Date.parse(x.startsAt) > Date.now() + 3 * 3600_000)!;
    const email = 'weight-guard@example.com';
    const booked = await site.api('/api/reservations', {
      method: 'POST',
      body: { name: 'Page Weight', email, phone: null, course: session.course, dateTime: session.startsAt, message: null },
    });
    expect(booked.status).toBe(201);
    const { db } = site.server.app.ctx;
    const linkIn = async () => {
      const rows = await db.selectFrom('outbox').select(['text_body', 'template']).where('to_address', '=', email).execute();
      return rows.map((r) => /\/booking\/manage\/([A-Za-z0-9_-]+)/.exec(`${r.text_body} ${r.template ?? ''}`)?.[1]).find(Boolean);
    };
    // The confirmation is written by the outbox a moment after the answer.
    let link: string | undefined;
    for (let i = 0; i < 75 && !link; i++) {
      link = await linkIn();
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    if (!link) throw new Error(`no manage link e-mailed to ${email}`);
    managePath = `/booking/manage/${link}`;
    const startDate = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
    const order = await site.api<{ token: string }>('/api/orders', {
      method: 'POST',
      body: { passId: 'week-single.muay-thai', startDate, name: 'Page Weight', email: 'weight-order@example.com', phone: null, language: 'en', method: 'desk' },
    });
    expect(order.status).toBe(201);
    orderPath = `/booking/order/${order.body.token}`;
    // An order awaiting its PromptPay transfer: the QR and the slip's upload (its code on first use).
    const admin = await site.adminToken();
    const current = await site.api<{ settings: { payments: Record<string, unknown> }; version: number }>('/api/site-settings', { token: admin });
    const saved = await site.api('/api/site-settings', {
      method: 'PUT',
      token: admin,
      body: {
        settings: { ...current.body.settings, payments: { ...current.body.settings.payments, promptpayId: '0812345678' } },
        version: current.body.version,
      },
    });
    expect(saved.status).toBe(200);
    const transfer = await site.api<{ token: string }>('/api/orders', {
      method: 'POST',
      body: {
        passId: 'week-single.muay-thai',
        startDate,
        name: 'Page Weight',
        email: 'weight-transfer@example.com',
        phone: null,
        language: 'en',
        method: 'promptpay',
      },
    });
    expect(transfer.status).toBe(201);
    transferPath = `/booking/order/${transfer.body.token}`;
    // A trainer on the site (issue 37): the landing page's cards, the private step's slots.
    const trainer = await site.api<{ id: number }>('/api/trainers', {
      method: 'POST',
      token: admin,
      body: { name: 'Kru Weight', disciplines: ['Muay Thai'], languages: ['Thai'], bio: { en: 'Measured on every page.' } },
    });
    expect(trainer.status).toBe(201);
  });

  it.each(LANGUAGES)(
    '/, each step of /booking, /blog, an article, an order (at the desk, by PromptPay), a manage page and My page stay within budget in %s',
    async (language) => {
      const posts = await site.api<{ slug: string }[]>(`/api/blog-posts?published=true&language=${language}`);
      expect(posts.body.length).toBeGreaterThan(0);
      // The booking journey's steps (issue 36 §6): each is a page of its own islands.
      const steps = [
        '/booking',
        '/booking?what=class&step=when',
        '/booking?what=pass&step=when',
        '/booking?what=stay&step=when',
        '/booking?what=private&step=when',
      ];
      for (const path of ['/', ...steps, '/blog', `/blog/${posts.body[0].slug}`, orderPath, transferPath, managePath, '/me']) {
        const url = site.url(localePath(language, path));
        const w = await measurePageWeight(site.browser, url, { locale: language === 'en' ? 'en-US' : language });
        // A page that loads no script at all would be within budget without being interactive.
        expect(w.initial.files, url).toBeGreaterThan(2);
        expect(overBudget(w), `${url}\n${list(w)}`).toEqual([]);
      }
    },
    // Twelve pages measured one after the other, each waiting for its islands: about a minute on a
    // busy two-core machine, more than the suites' default.
    240_000,
  );
});
