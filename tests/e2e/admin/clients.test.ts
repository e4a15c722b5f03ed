import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateCustomer } from '../../../src/server/customers/customers.repository';
import { addLedgerLine } from '../../../src/server/ledger/ledger.repository';
import { addDays, todayInZone } from '../../../src/shared/gym-time';
import { useBrowserSuite, WIDTHS } from '../helpers/fixture';
import { expectToast } from './admin-helpers';

// Issue 21 point 2 in the browser: the Clients screen finds a person whatever the script's case,
// shows their history, and merges their two records, at 375 and 1280 px.

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'clients-shots-'));

// One person per width, known twice: online by e-mail (with a pass) and at the desk by phone.
const PEOPLE = {
  phone: { name: 'Иван Сидоров', latin: 'Ivan Sidorov', phone: '+66 80 111 2201' },
  desktop: { name: 'Иван Кузнецов', latin: 'Ivan Kuznetsov', phone: '+66 80 111 2202' },
} as const;

describe('back office: clients', () => {
  const { server, page: openPage } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];

  beforeAll(async () => {
    const db = server.app.ctx.db;
    const today = todayInZone(server.app.ctx.config.timezone);
    const now = new Date().toISOString();
    const booking = (name: string, customerId: number, daysAhead: number) => ({
      name,
      email: null,
      phone: null,
      course: 'Muay Thai All Levels',
      date_time: new Date(Date.now() + daysAhead * 86_400_000).toISOString(),
      message: null,
      status: 'read' as const,
      created_at: now,
      customer_id: customerId,
    });
    for (const [tag, p] of Object.entries(PEOPLE)) {
      const online = (await findOrCreateCustomer(db, { name: p.name, email: `ivan-${tag}@example.com`, phone: null, language: 'ru' }))!;
      const desk = (await findOrCreateCustomer(db, { name: p.latin, email: null, phone: p.phone, language: 'en' }))!;
      await db
        .insertInto('reservations')
        .values([booking(p.name, online.id, 3), booking(p.latin, desk.id, 5)])
        .execute();
      const order = await db
        .insertInto('orders')
        .values({
          reference: `GYM-${randomBytes(3).toString('hex').toUpperCase()}`,
          token_hash: randomBytes(32).toString('hex'),
          customer_id: online.id,
          pass_id: 'week-single.muay-thai',
          pass_name: '1 semaine, une séance par jour — Muay Thai',
          pass_kind: 'days-single',
          pass_covers: 'muay-thai',
          pass_days: 7,
          credits: 7,
          start_date: today,
          end_date: addDays(today, 6),
          amount_satang: 300_000,
          deposit_satang: 100_000,
          method: 'desk',
          expires_at: null,
          cancelled_at: null,
          stripe_session_id: null,
          slip_key: null,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addLedgerLine(db, { orderId: order.id, kind: 'payment', method: 'cash', amountSatang: 100_000 });
    }
  });
  afterAll(() => {
    expect(errors).toEqual([]);
  });

  for (const w of WIDTHS) {
    const person = PEOPLE[w.name];
    it(`${w.name}: finds a client, reads their history and merges their two records`, async () => {
      const { page, errors: pageErrors, close } = await openPage({ as: 'staff', viewport: w.viewport });
      await page.goto(server.url + '/admin/clients');
      await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();

      // Lower-case Cyrillic finds the capitalised name.
      const surname = person.name.split(' ')[1].toLowerCase();
      await page.getByRole('searchbox', { name: 'Rechercher un client' }).fill(surname);
      await page.waitForURL(new RegExp(`q=${encodeURIComponent(surname)}`));
      await expect.poll(() => page.getByTestId('client-row').count()).toBe(1);
      await expect(page.getByTestId('client-row').textContent()).resolves.toContain('Doit');
      await page.screenshot({ path: path.join(SHOTS, `clients-list-${w.name}.png`), fullPage: true });
      await page.getByRole('link', { name: new RegExp(person.name) }).click();

      await page.getByRole('heading', { name: person.name, level: 1 }).waitFor();
      for (const section of ['Réservations', 'Formules', 'Paiements', 'Solde dû', 'Conversations']) {
        await page.getByRole('heading', { name: section, level: 2 }).waitFor();
      }
      await expect(page.getByTestId('client-balance').textContent()).resolves.toMatch(/2[\s\u202f]?000/);
      await expect(page.getByTestId('client-order').textContent()).resolves.toContain('7 restants sur 7');
      await expect.poll(() => page.getByTestId('client-booking').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `clients-detail-${w.name}.png`), fullPage: true });

      // Merge the desk's record (found by its phone's digits) into this one.
      await page.getByRole('button', { name: 'Fusionner avec…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Fusionner avec…' });
      await dialog.getByRole('searchbox', { name: "Rechercher l'autre fiche" }).fill(person.phone.replace(/\D/g, '').slice(-7));
      await dialog.getByRole('button', { name: new RegExp(`Choisir ${person.latin}`) }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Fusionner ces fiches ?' });
      await confirm.getByText(person.latin).first().waitFor();
      await page.screenshot({ path: path.join(SHOTS, `clients-merge-${w.name}.png`), fullPage: true });
      await confirm.getByRole('button', { name: 'Fusionner' }).click();
      await expectToast(page, 'Fiches fusionnées');
      await expect.poll(() => page.getByTestId('client-booking').count()).toBe(2);
      await expect(page.getByRole('heading', { name: person.name, level: 1 }).textContent()).resolves.toBe(person.name);
      await expect(page.getByText(person.phone).first().isVisible()).resolves.toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `clients-merged-${w.name}.png`), fullPage: true });
      errors.push(...pageErrors);
      await close();
    });
  }
});
