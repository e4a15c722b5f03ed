import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { SiteSettings, SiteSettingsDto } from '../../../src/shared/schemas/site-settings';
import { gotoReady, useSite } from './site-helpers';

// The owner's saved settings reach every public place on the next page load: the server-rendered
// head and JSON-LD, the feed, the page itself (hydrated from the same values) and the mobile bar.

/** Where to leave the screenshots (looked at by hand; not compared). */
const SHOTS = process.env.SCREENSHOT_DIR;

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
}

describe('site settings on the public pages', () => {
  const site = useSite();

  async function save(change: (s: SiteSettings) => void): Promise<SiteSettingsDto> {
    const token = await site.adminToken();
    const current = await site.api<SiteSettingsDto>('/api/site-settings');
    const next = structuredClone(current.body.settings);
    change(next);
    const res = await site.api<SiteSettingsDto>('/api/site-settings', { method: 'PUT', token, body: { settings: next, version: current.body.version } });
    expect(res.status).toBe(200);
    return res.body;
  }
  const html = async (path: string) => {
    const res = await fetch(site.url(path));
    expect(res.status).toBe(200);
    return res.text();
  };

  it('puts a new name, WhatsApp number and hero image in the landing page head and JSON-LD, and the name in the feed', async () => {
    // Cached answers first, so the save has something to drop.
    const before = await html('/');
    expect(before).toContain('"name":"Tiger Coast Fight Club"');
    await html('/blog/rss.xml');

    const token = await site.adminToken();
    const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: { r: 40, g: 40, b: 60 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'hero.png');
    const up = await fetch(site.url('/api/site-settings/images/hero'), { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(up.status).toBe(201);
    const { url: heroUrl } = (await up.json()) as { url: string };

    await save((s) => {
      s.name = 'Andaman Fight Camp';
      s.whatsapp = '+66 95 555 0101';
      s.heroImageUrl = heroUrl;
    });

    const page = await html('/');
    const gym = jsonLdBlocks(page).find((b) => b['@type'] === 'SportsActivityLocation');
    expect(gym).toMatchObject({ name: 'Andaman Fight Camp', telephone: '+66 95 555 0101' });
    expect(String(gym?.image)).toMatch(new RegExp(`${heroUrl.replace(/[.]/g, '\\.')}$`));
    expect(page).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${heroUrl.replace(/[.]/g, '\\.')}"`));
    expect(page).toContain('<meta property="og:site_name" content="Andaman Fight Camp"');
    expect(page).toContain('https://wa.me/66955550101?text=');
    expect(page).not.toContain('wa.me/66812345678');
    expect(page).not.toContain('"name":"Tiger Coast Fight Club"');
    expect(await html('/blog/rss.xml')).toContain('<title>Andaman Fight Camp Blog</title>');
  });

  it('shows a price change on /booking, in the HTML and in the browser at 375 px, with the mobile bar on the new number', async () => {
    await save((s) => {
      s.prices.rows[0].prices = [275, 450];
      s.prices.rows.push({ label: '10-class card', prices: [2200, 3600] });
      s.whatsapp = '+66 95 555 0202';
    });
    const booking = await html('/booking');
    expect(booking).toContain('10-class card');
    expect(booking).toMatch(/1 session<\/th>[\s\S]*?275[\s\S]*?450/);

    const { page, errors, close } = await site.open(375);
    await gotoReady(page, site.url('/booking'));
    const rows = await page.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim())));
    expect(rows[0]).toEqual(['1 session', '275', '450']);
    expect(rows.at(-1)).toEqual(['10-class card', '2,200', '3,600']);
    expect(rows).toHaveLength(8);
    if (SHOTS) await page.locator('table').screenshot({ path: `${SHOTS}/booking-prices-375.png` });

    await gotoReady(page, site.url('/'));
    const bar = page.getByTestId('mobile-bar');
    const wa = new URL((await bar.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'))!);
    expect(wa.pathname).toBe('/66955550202');
    expect(wa.searchParams.get('text')).toMatch(/information.*classes/i);
    const contact = page.locator('#contact');
    await expect(contact.getByRole('link', { name: '+66 95 555 0202' }).count()).resolves.toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/landing-375.png` });
    if (SHOTS) await bar.screenshot({ path: `${SHOTS}/mobile-bar-375.png` });
    expect(errors).toEqual([]);
    await close();
  });

  it('prints an owner text with markup as text, in the page and in its state script', async () => {
    const hostile = '</script><script>window.__owned = 1</script><img src=x onerror="window.__owned = 2">';
    await save((s) => {
      s.hero.text = `Welcome ${hostile}`;
      s.tagline = hostile;
    });
    const body = await html('/');
    expect(body).not.toContain('<script>window.__owned');
    expect(body).not.toContain('<img src=x');
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    await expect(page.locator('#home p.text-lg').first().textContent()).resolves.toContain(hostile);
    await expect(page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).resolves.toBeUndefined();
    expect(errors).toEqual([]);
    await close();
  });

  it('hides the mobile bar Instagram button and the social link when the owner removes the profile', async () => {
    await save((s) => {
      s.social.instagram = null;
    });
    const { page, errors, close } = await site.open(375);
    await gotoReady(page, site.url('/'));
    const bar = page.getByTestId('mobile-bar');
    await expect(bar.getByRole('link').allTextContents()).resolves.toEqual(['WhatsApp', 'Email']);
    await expect(page.locator('a[href*="instagram.com/tigercoast"]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
