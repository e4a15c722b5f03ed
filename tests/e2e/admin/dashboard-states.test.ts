import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { bookingPayload } from '../../helpers/factories';
import { useBrowserSuite } from '../helpers/fixture';
import { api, signedInContext, trackErrors } from './admin-helpers';
import { confirmSubscribers } from '../../helpers/newsletter';

// A server without demo content: the empty states first, then a dashboard whose every number is
// known because this file made the data.
describe('back office: empty states, the session spinner and the dashboard on known data', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true, seedDemo: false });
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ctx = await signedInContext(browser, tokens.admin);
    page = await ctx.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  it('shows a spinner while the session is checked, then the screen', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url + '/admin/dashboard');
    const spinner = page.getByRole('status').filter({ hasText: 'Chargement de la session...' });
    await spinner.waitFor();
    await expect(page.getByRole('heading', { name: 'Tableau de bord' }).count()).resolves.toBe(0);
    expect(page.url()).toContain('/admin/dashboard');
    release();
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    await spinner.waitFor({ state: 'detached' });
    await page.unroute('**/api/auth/me');
  });

  it('shows the empty states: "Aucune image", "Aucune réservation", "No conversations yet"', async () => {
    await page.goto(server.url + '/admin/gallery');
    await page.getByText('Aucune image', { exact: true }).waitFor();
    await expect(page.getByTestId('gallery-count').textContent()).resolves.toBe('0 image');
    await page.goto(server.url + '/admin/reservations');
    await page.getByText('Aucune réservation', { exact: true }).waitFor();
    await page.goto(server.url + '/admin/messages');
    await page.getByText('No conversations yet', { exact: true }).waitFor();
    await page.getByText('0 conversations', { exact: true }).waitFor();
  });

  it('shows the totals, this month’s reservations, the weekly chart and recent statistics from the data', async () => {
    for (const name of ['Ana', 'Ben', 'Chai']) {
      await api(server, 'POST', '/api/reservations', bookingPayload({ name, email: `${name.toLowerCase()}@example.com` }));
    }
    for (const name of ['Dao', 'Eli']) {
      await api(server, 'POST', '/api/contact', { name, email: `${name.toLowerCase()}@example.com`, subject: 'Hello', message: 'A question' });
    }
    for (const email of ['s1@example.com', 's2@example.com', 's3@example.com', 's4@example.com']) {
      await api(server, 'POST', '/api/newsletter-subscribers', { email, isActive: true });
    }
    await confirmSubscribers(server.app, ['s1@example.com', 's2@example.com', 's3@example.com', 's4@example.com']);
    await api(
      server,
      'POST',
      '/api/gallery/instagram',
      {
        title: 'Insta',
        description: null,
        category: 'events',
        instagramUrl: 'https://www.instagram.com/p/Dash123/',
        imageUrl: 'https://www.instagram.com/p/Dash123/',
        filename: '',
      },
      tokens.admin,
    );
    const category = await api<{ id: number }>(server, 'POST', '/api/blog-categories', { name: 'News', slug: 'news', description: '' }, tokens.admin);
    for (const slug of ['one', 'two']) {
      await api(
        server,
        'POST',
        '/api/blog-posts',
        {
          title: slug,
          slug,
          content: 'Text',
          excerpt: '',
          featuredImage: '',
          metaTitle: '',
          metaDescription: '',
          categoryId: category.id,
          published: slug === 'one',
        },
        tokens.admin,
      );
    }

    await page.goto(server.url + '/admin/dashboard');
    const totals = page.getByRole('region', { name: 'Totaux' }).locator(':scope > *');
    await expect
      .poll(() => totals.allTextContents())
      .toEqual([
        'Réservations ce mois-ci3',
        'Utilisateurs2', // the seeded admin and the staff member of setupAccounts
        'Articles de blog2',
        'Images de la galerie1',
        'Messages de contact2',
        'Abonnés newsletter4',
      ]);

    // The chart: this week (the last bar group) holds the 3 bookings and 2 messages.
    const stats = await api<{ weekly: { weekStart: string; reservations: number; contacts: number }[] }>(
      server,
      'GET',
      '/api/dashboard-stats',
      undefined,
      tokens.admin,
    );
    const thisWeek = stats.weekly.at(-1)!;
    expect(thisWeek).toMatchObject({ reservations: 3, contacts: 2 });
    const label = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(new Date(thisWeek.weekStart));
    const chart = page.getByTestId('weekly-chart');
    await expect(chart.getAttribute('aria-label')).resolves.toMatch(new RegExp(`semaine du ${label} : 3 réservations, 2 messages$`));
    // Whole-number, evenly spaced ticks: 0 1 2 3 for a highest bar of 3.
    await expect(chart.getByTestId('y-tick').allTextContents()).resolves.toEqual(['0', '1', '2', '3']);
    const bars = await chart.locator('rect').evaluateAll((rects) => rects.slice(-2).map((r) => ({ h: Number(r.getAttribute('height')), t: r.textContent })));
    expect(bars.map((b) => b.t)).toEqual(['3 réservations', '2 messages']);
    expect(bars[0].h).toBeGreaterThan(bars[1].h);

    // Recent statistics: today's counters, dated as a date alone (the gym's calendar day).
    const today = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: server.config.timezone }).format(new Date());
    const table = page.getByRole('table');
    const row = (label: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
    await expect(row('Formulaires de contact').getByRole('cell').allTextContents()).resolves.toEqual(['Formulaires de contact', '2', today]);
    await expect(row('Inscriptions newsletter').getByRole('cell').allTextContents()).resolves.toEqual(['Inscriptions newsletter', '4', today]);
    await expect(row('Utilisateurs créés').getByRole('cell').allTextContents()).resolves.toEqual(['Utilisateurs créés', '2', today]);
    await expect(row('Articles créés').getByRole('cell').allTextContents()).resolves.toEqual(['Articles créés', '2', today]);
  });

  it('keeps the chart readable on a phone: 11 px text or more, labels apart, whole-number ticks', async () => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 850 });
      await page.goto(server.url + '/admin/dashboard');
      const chart = page.getByTestId('weekly-chart');
      await chart.waitFor();
      const m = await chart.evaluate((svg: SVGSVGElement) => {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const texts = [...svg.querySelectorAll('text')];
        const labels = [...svg.querySelectorAll('[data-testid="x-label"]')].map((t) => t.getBoundingClientRect());
        return {
          smallest: Math.min(...texts.map((t) => Number(t.getAttribute('font-size')) * scale)),
          labels: labels.map((r) => ({ left: r.left, right: r.right })),
          chartRight: svg.getBoundingClientRect().right,
          overflow: document.documentElement.scrollWidth - window.innerWidth,
        };
      });
      expect(m.smallest, `text size @${width}`).toBeGreaterThanOrEqual(11);
      expect(m.labels.length, `labels @${width}`).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < m.labels.length; i++) expect(m.labels[i].left, `labels overlap @${width}`).toBeGreaterThan(m.labels[i - 1].right);
      expect(m.labels.at(-1)!.right).toBeLessThanOrEqual(m.chartRight + 1);
      expect(m.overflow, `dashboard @${width} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // All twelve weeks are labelled when there is room.
    await expect(page.getByTestId('x-label').count()).resolves.toBe(12);
  });
});
