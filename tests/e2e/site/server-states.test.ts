import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../../src/shared/site-settings-data';
import { useSite } from './site-helpers';

// Pages made of islands arrive with their data: the browser fetches nothing, so a loading text
// never shows there. What a visitor sees when the server could not read the data is the
// page's failure state, rendered by the server (the order and manage views instead read again
// from the browser: their island shows loading, then the answer). The built renderer (dist/server) is called
// with an API that answers 500 to everything, and its HTML is shown in the browser.

const SPEC_NOT_FOUND = "Article not found. The article you're looking for doesn't exist or has been deleted.";

interface Renderer {
  render(
    url: string,
    opts: { get: (p: string) => Promise<{ status: number; body: string }>; siteUrl: string; site: unknown; timeZone: string },
  ): Promise<{ html: string; status: number; islands: boolean }>;
}

/** Renders `url` with the built renderer, the API answering through `answer` (500 by default). */
async function renderWith(url: string, answer: (p: string) => { status: number; body: string } | null = () => null) {
  const clientDir = process.env.E2E_CLIENT_DIR ?? path.resolve('dist/client');
  const entry = (await import(pathToFileURL(path.join(path.dirname(clientDir), 'server', 'entry-server.js')).href)) as Renderer;
  const asked: string[] = [];
  const result = await entry.render(url, {
    get: (p) => {
      asked.push(p);
      return Promise.resolve(answer(p) ?? { status: 500, body: '{"error":"Internal server error"}' });
    },
    siteUrl: 'https://gym.example',
    site: DEFAULT_SITE_SETTINGS,
    timeZone: 'Asia/Bangkok',
  });
  return { ...result, asked };
}

const renderFailing = (url: string) => renderWith(url);

describe('server-rendered failure states (pages made of islands)', () => {
  const site = useSite();

  const textOf = async (html: string, selector: string) => {
    const { page, close } = await site.open(1280);
    await page.setContent(html);
    const text = await page.locator(selector).first().innerText();
    await close();
    return text.replace(/\s+/g, ' ').trim();
  };

  it('/blog: "Failed to fetch posts." when the list cannot be read', async () => {
    const r = await renderFailing('/blog');
    expect(r.islands).toBe(true);
    expect(r.asked.some((p) => p.startsWith('/api/blog-posts'))).toBe(true);
    await expect(textOf(r.html, '[role="alert"]')).resolves.toBe('Failed to fetch posts.');
  });

  it("an article that cannot be read shows SPEC's not-found text and a link back to the blog", async () => {
    const r = await renderFailing('/blog/any-article');
    expect(r.islands).toBe(true);
    await expect(textOf(r.html, 'main :has(> h1)')).resolves.toBe(`${SPEC_NOT_FOUND} Back to Blog`);
  });

  it('/: the gallery says it has no images, the schedule and the blog teaser that they could not be loaded', async () => {
    const r = await renderFailing('/');
    expect(r.islands).toBe(true);
    await expect(textOf(r.html, '#gallery p.rounded-card')).resolves.toBe('Aucune image disponible pour le moment.');
    await expect(textOf(r.html, '#classes')).resolves.toContain('The class schedule could not be loaded.');
    await expect(textOf(r.html, '#blog')).resolves.toContain('Failed to fetch posts.');
  });

  it('the manage page of a class that has started shows it and offers no change', async () => {
    const booking = {
      id: 7,
      name: 'Late',
      course: 'Wrestling',
      state: 'booked',
      startsAt: '2026-11-27T03:00:00.000Z',
      endsAt: '2026-11-27T04:00:00.000Z',
      date: '2026-11-27',
      time: '10:00',
      durationMinutes: 60,
      zoneLabel: 'Krabi time (UTC+7)',
      timezone: 'Asia/Bangkok',
      started: true,
      canCancel: false,
      canMove: false,
      weeklySessionId: 3,
    };
    const r = await renderWith('/booking/manage/started-token', (p) =>
      p === '/api/bookings/manage/started-token' ? { status: 200, body: JSON.stringify(booking) } : null,
    );
    expect(r.islands).toBe(true);
    const text = await textOf(r.html, '[data-testid="managed-booking"]');
    expect(text).toContain('Wrestling');
    expect(text).toContain('This class has already started');
    expect(r.html).not.toContain('Cancel booking');
    expect(r.html).not.toContain('Move to another session');
  });

  it('the order and manage pages whose read failed render loading, for the browser to read again', async () => {
    for (const url of ['/booking/order/any-token', '/booking/manage/any-token']) {
      const r = await renderFailing(url);
      expect(r.islands).toBe(true);
      await expect(textOf(r.html, 'main [role="status"]')).resolves.toMatch(/^Loading/);
    }
  });
});
