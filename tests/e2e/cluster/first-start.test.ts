import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import { CLUSTER_ADMIN_EMAIL, CLUSTER_ADMIN_PASSWORD, startCluster, type Cluster } from '../../helpers/cluster';
import { GYM_TIME_ZONE } from '../../helpers/sessions';
import { signedInContext } from '../helpers/accounts';
import { launchBrowser } from '../helpers/browser';
import { VIEWPORTS } from '../helpers/fixture';
import { gotoReady } from '../site/site-helpers';
import { adminToken } from './cluster-api';

// Two instances started at the same moment on an empty database: one seeds, both serve; a
// visitor books through Caddy in Chromium and the desk sees it on either instance.
describe('two instances starting together on an empty database', () => {
  let cluster: Cluster;
  let browser: Browser;
  beforeAll(async () => {
    [cluster, browser] = await Promise.all([startCluster({ seedDemo: true }), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await cluster?.close();
  });

  it('seed the admin and the demo content once, and both answer through Caddy', async () => {
    const users = await cluster.db.query<{ email: string }>('select email from users');
    expect(users.rows.map((r) => r.email)).toEqual([CLUSTER_ADMIN_EMAIL]);
    const gallery = await cluster.db.query<{ n: number }>('select count(*)::int as n from gallery_items');
    const posts = await cluster.db.query<{ n: number }>('select count(*)::int as n from blog_posts');
    expect(gallery.rows[0].n).toBeGreaterThan(0);
    expect(posts.rows[0].n).toBeGreaterThan(0);
    // Demo content seeded once: no title twice.
    const twice = await cluster.db.query('select title from blog_posts group by title having count(*) > 1');
    expect(twice.rows).toEqual([]);

    for (const target of [cluster.url, ...cluster.instances.map((i) => i.url)]) {
      const res = await fetch(`${target}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: CLUSTER_ADMIN_EMAIL, password: CLUSTER_ADMIN_PASSWORD }),
      });
      expect(res.status, target).toBe(200);
    }
  });

  it('a visitor books at 375 px through Caddy; staff signed in on one instance see it on the other', async () => {
    const visitor = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await visitor.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await gotoReady(page, `${cluster.url}/booking?what=class&step=when`);
    let day = addDays(todayInZone(GYM_TIME_ZONE), 2);
    while (isoWeekday(day) === 7) day = addDays(day, 1);
    const name = `Cluster Visitor ${Date.now()}`;
    const form = page.locator('#booking-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill(`visitor-${Date.now()}@example.com`);
    await form.getByLabel('Phone / WhatsApp').fill('+33 6 12 34 56 78');
    await form.getByLabel('Course').selectOption('MMA Training');
    await form.getByLabel('Preferred date and time').fill(`${day}T17:00`);
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByTestId('booking-success').waitFor();
    expect(errors).toEqual([]);
    await visitor.close();

    // Signed in through instance A, the token works on instance B, whose list has the booking.
    const [a, b] = cluster.instances;
    const desk = await signedInContext(browser, await adminToken(a.url), VIEWPORTS.desktop);
    const admin = await desk.newPage();
    await admin.goto(`${b.url}/admin/reservations`);
    await admin.getByRole('button', { name: `Voir la réservation de ${name}` }).waitFor();
    await desk.close();
  });
});
