import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedToInstant } from '../../../src/shared/gym-time';
import { insertHeldMail, insertInboundMail } from '../../../src/server/inbound/inbound.repository';
import { bookingPayload, contactPayload } from '../../helpers/factories';
import { nextSession } from '../../helpers/sessions';
import { ALL_WEEK } from '../../helpers/trainers';
import { GYM_ZONE, useBrowserSuite, VIEWPORTS } from '../helpers/fixture';
import { api, axeViolations } from './admin-helpers';

// Issue 46 point 3: signed in on a phone, the dashboard's first screen is the desk's day. The
// server's clock starts at 07:00 on a coming gym day D (never a Sunday), and everything of D is
// made through the API first: classes with a full one and its line, a stay arriving with a flight
// and one leaving, a private lesson, a pass sold unpaid the day before, a contact message, an
// offer out from a waiting list. At 375 px each part shows them, nothing scrolls sideways, no word
// is cut in two, and a tap leads to the screen that handles it.

const D = nextSession('Wrestling', { daysAhead: 2 }).date;
const EVE = addDays(D, -1);
const at = (time: string) => zonedToInstant(D, time, GYM_ZONE).toISOString();

// Pictures only when E2E_SCREENSHOT_DIR names a folder (docs/admin.md's are taken so): the first screen.
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Words of the element's text drawn on two lines (a word cut mid-word), short ones only. */
async function cutWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((root) => {
    const cut: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      for (const m of node.data.matchAll(/[^\s\-/·]{2,24}/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) cut.push(m[0]);
      }
    }
    return cut;
  });
}

describe('back office: the dashboard leads with the desk’s day', () => {
  // The clock runs from 07:00 on D, gym time.
  const started = Date.now();
  const opening = Date.parse(at('07:00'));
  const suite = useBrowserSuite({ accounts: true, seedDemo: false, now: () => new Date(opening + (Date.now() - started)) });
  const { server, tokens } = suite;
  let page: Page;
  let errors: string[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const staff = tokens.staff;
    const admin = tokens.admin;
    const sessions = (await api(server, 'GET', `/api/sessions?from=${D}&days=1`)).sessions as { course: string; weeklySessionId: number; startsAt: string }[];
    const session = (course: string) => sessions.find((s) => s.course === course)!;
    // Wrestling: one seat, taken; Ann in line.
    await api(server, 'PATCH', `/api/timetable/weekly-sessions/${session('Wrestling').weeklySessionId}`, { capacity: 1 }, staff);
    await api(
      server,
      'POST',
      '/api/reservations',
      bookingPayload({ course: 'Wrestling', dateTime: session('Wrestling').startsAt, name: 'Walt Wrestler', email: 'walt@example.com' }),
    );
    await api(server, 'POST', '/api/waitlist', {
      course: 'Wrestling',
      dateTime: session('Wrestling').startsAt,
      name: 'Ann Waiting',
      email: 'ann@example.com',
      language: 'en',
    });
    // Luta Livre: one seat, freed by a cancel and offered to Cleo by the offer job.
    await api(server, 'PATCH', `/api/timetable/weekly-sessions/${session('Luta Livre').weeklySessionId}`, { capacity: 1 }, staff);
    const seat = await api(
      server,
      'POST',
      '/api/reservations',
      bookingPayload({ course: 'Luta Livre', dateTime: session('Luta Livre').startsAt, name: 'Dan Drop', email: 'dan@example.com' }),
    );
    await api(server, 'POST', '/api/waitlist', {
      course: 'Luta Livre',
      dateTime: session('Luta Livre').startsAt,
      name: 'Cleo Offer',
      email: 'cleo@example.com',
      language: 'en',
    });
    await api(server, 'PUT', `/api/reservations/${seat.id}/cancel`, undefined, staff);
    // Rooms: a stay arriving on D with a flight, one leaving on D.
    const type = await api(server, 'POST', '/api/stays/room-types', { name: 'Garden bungalow', maxGuests: 2, rooms: 3, nightlyPriceSatang: 120_000 }, admin);
    // Each buyer their own phone: the desk finds a customer by it.
    let phones = 0;
    const desk = (body: object) => api(server, 'POST', '/api/desk/orders', { phone: `+66 81 234 56${10 + ++phones}`, language: 'en', ...body }, staff);
    await desk({
      name: 'Ana Arrival',
      stay: { roomTypeId: type.id, checkIn: D, checkOut: addDays(D, 3), guests: 2 },
      pickup: { airport: 'KBV', flightNumber: 'FD 3011', arrivesAt: `${D}T14:35` },
    });
    await desk({
      name: 'Leo Leaving',
      stay: { roomTypeId: type.id, checkIn: EVE, checkOut: D, guests: 1 },
      payment: { amountSatang: 120_000, method: 'cash' },
    });
    // A pass sold the day before, nothing paid: overdue on D.
    await desk({ name: 'Owen Owes', passId: 'month-single.mma', startDate: EVE });
    // A private lesson at 11:00.
    const trainer = await api(server, 'POST', '/api/trainers', { name: 'Kru Dam', disciplines: ['Muay Thai'] }, admin);
    await api(server, 'PUT', `/api/trainers/${trainer.id}/availability`, { windows: ALL_WEEK, exceptions: [] }, admin);
    await api(server, 'POST', '/api/private-lessons', {
      trainerId: trainer.id,
      startsAt: at('11:00'),
      minutes: 60,
      discipline: 'Muay Thai',
      name: 'Lena Lesson',
      email: 'lena@example.com',
      language: 'en',
      guests: 1,
      method: 'desk',
    });
    // A contact message (an unread conversation) and a mail held back, as the mailbox reader leaves it.
    await api(server, 'POST', '/api/contact', contactPayload({ name: 'Mia Message', email: 'mia@example.com', subject: 'Private Training' }));
    const db = server.app.ctx.db;
    await insertInboundMail(db, {
      message_key: 'held@mail.example',
      mailbox: 'INBOX',
      uid: 1,
      from_address: 'x@mail.example',
      subject: 'Refund',
      outcome: 'rejected',
      conversation_id: null,
      conversation_message_id: null,
      detail: 'dmarc=fail',
      sent_at: null,
      created_at: new Date().toISOString(),
    });
    await insertHeldMail(db, 'held@mail.example', {
      from_address: 'x@mail.example',
      from_name: null,
      subject: 'Refund',
      content: 'Send the money',
      reason: 'dmarc=fail',
      created_at: new Date().toISOString(),
      dismissed_at: null,
    });
    // The offer job runs on its own after the cancel.
    for (let i = 0; i < 150 && (await api(server, 'GET', '/api/dashboard/today', undefined, staff)).offers.length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));

    ({ page, errors, close } = await suite.page({ as: 'staff', viewport: VIEWPORTS.phone, timeZone: GYM_ZONE }));
  });
  afterAll(async () => {
    await close?.();
    expect(errors ?? []).toEqual([]);
  });

  const open = async () => {
    await page.goto(suite.url('/admin/dashboard'));
    await page.getByTestId('today').waitFor();
  };

  it('shows each part of D at 375 px, with nothing scrolling sideways and no word cut', async () => {
    await open();
    const text = (id: string) => page.getByTestId(id).innerText();
    // The day in figures first, each a jump to its part.
    const summary = (await text('today-summary')).replace(/\s+/g, ' ');
    for (const figure of ['1 arrivée', '1 départ', '1 cours privé', '1 en retard', '2 à lire', '1 e-mail retenu', '1 offre']) expect(summary).toContain(figure);
    const classes = page.getByTestId('today-class');
    await expect(classes.filter({ hasText: 'Wrestling' }).innerText()).resolves.toMatch(/1\/1[\s\S]*1 en liste d’attente|1 en liste d’attente[\s\S]*1\/1/);
    await expect(classes.filter({ hasText: 'Luta Livre' }).innerText()).resolves.toContain('1 place proposée');
    await expect(classes.count()).resolves.toBeGreaterThan(2);
    const stays = await text('today-stays');
    expect(stays).toContain('Arrivée · Ana Arrival');
    expect(stays).toContain('Transfert KBV 14:35 · vol FD3011');
    expect(stays).toContain('Départ · Leo Leaving');
    await expect(text('today-lessons')).resolves.toContain('11:00 · Lena Lesson');
    const money = await text('today-money');
    expect(money).toContain('En retard : 1 commande');
    expect(money).toContain('Owen Owes');
    const messages = await text('today-messages');
    expect(messages).toContain('Mia Message');
    expect(messages).toContain('Messages de contact nouveaux');
    expect(messages).toContain('E-mails retenus à vérifier');
    await expect(text('today-offers')).resolves.toContain('Cleo Offer');
    // The classes come first: on the phone's first screen.
    const box = await page.getByTestId('today-classes').boundingBox();
    expect(box!.y).toBeLessThan(VIEWPORTS.phone.height);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await cutWords(page, '[data-testid="today"]')).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // The totals and the months stay, below the day.
    const totals = await page.getByRole('region', { name: 'Totaux' }).boundingBox();
    expect(totals!.y).toBeGreaterThan((await page.getByTestId('today-offers').boundingBox())!.y);
    await shot(page, 'dashboard-375');
  });

  it('at 1280 px the parts sit side by side, the day above the totals', async () => {
    const wide = await suite.page({ as: 'staff', viewport: VIEWPORTS.desktop, timeZone: GYM_ZONE });
    try {
      await wide.page.goto(suite.url('/admin/dashboard'));
      await wide.page.getByTestId('today-offers').waitFor();
      const [classes, stays] = await Promise.all(['today-classes', 'today-stays'].map((id) => wide.page.getByTestId(id).boundingBox()));
      expect(stays!.y).toBe(classes!.y);
      expect(stays!.x).toBeGreaterThan(classes!.x + classes!.width - 1);
      expect(await wide.page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot(wide.page, 'dashboard-1280');
      expect(wide.errors).toEqual([]);
    } finally {
      await wide.close();
    }
  });

  it('a tap leads to the screen that handles it', async () => {
    const cases: [string, string, RegExp, string][] = [
      ['today-class', 'Wrestling', new RegExp(`/admin/reservations\\?vue=jour&date=${D}$`), 'Walt Wrestler'],
      ['today-arrival', 'Ana Arrival', /\/admin\/arrivals$/, 'Arrivées'],
      ['today-lesson', 'Lena Lesson', /\/admin\/cours-prives$/, 'Cours privés'],
      ['today-overdue', 'Owen Owes', /\/admin\/orders\/\d+$/, 'Owen Owes'],
      ['today-conversation', 'Mia Message', /\/admin\/messages\/\d+$/, 'Mia Message'],
      ['today-contacts', 'contact', /\/admin\/newsletter\?onglet=contact&statut=new$/, 'Mia Message'],
      ['today-offer', 'Cleo Offer', new RegExp(`/admin/reservations\\?vue=jour&date=${D}$`), 'Cleo Offer'],
    ];
    for (const [id, row, url, shown] of cases) {
      await open();
      await page.getByTestId(id).filter({ hasText: row }).getByRole('link').click();
      await page.waitForURL(url);
      await page.locator('main').getByText(shown).first().waitFor();
    }
  });

  it('asks for the day while the session is still being checked, and reads each answer once', async () => {
    // The session's answer is held: without the early reads (src/web/admin/lib/early-requests.ts)
    // the day is asked for only after it, once the back office's code has run.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    const onRequest = (req: { url(): string }) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    };
    await page.route('**/api/auth/me', async (route) => {
      await held;
      // The route may be gone by then (a failed wait above): nothing left to answer.
      await route.continue().catch(() => {});
    });
    page.on('request', onRequest);
    try {
      const dayAsked = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/dashboard/today');
      await page.goto(suite.url('/admin/dashboard'));
      await dayAsked;
      expect(asked).toContain('/api/auth/me');
      release();
      await page.getByTestId('today-offers').waitFor();
      await page.getByRole('region', { name: 'Totaux' }).waitFor();
      const reads = ['/api/auth/me', '/api/reservations?pageSize=1', '/api/conversations', '/api/dashboard/today', '/api/dashboard-stats'];
      for (const url of reads) expect({ url, times: asked.filter((a) => a === url).length }).toEqual({ url, times: 1 });
    } finally {
      release();
      page.off('request', onRequest);
      await page.unroute('**/api/auth/me');
    }
  });
});
