import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../../helpers/factories';
import { useBrowserSuite, VIEWPORTS } from '../helpers/fixture';
import { api, signedInContext, trackErrors } from './admin-helpers';

// One long unbroken value (no space, no hyphen: no line-break opportunity) must never push a
// screen sideways nor push its controls off the screen, at phone, laptop and wide widths.
// Every field shown in a list, table, card or dialog gets a 60-character unbroken value.

const WIDTHS = [VIEWPORTS.phone.width, VIEWPORTS.desktop.width, VIEWPORTS.wide.width];
/** 60 characters, no break opportunity; W is the widest letter. */
const unbroken = (prefix: string) => (prefix + 'W'.repeat(60)).slice(0, 60);
const NAME = unbroken('Name');
const EMAIL = `${'w'.repeat(42)}@${'w'.repeat(12)}.test`; // 60 characters
const URL_TEXT = `https://evil.test/${'w'.repeat(42)}`; // 60 characters
const SLUG = 'w'.repeat(60);
// Pictures only when E2E_SCREENSHOT_DIR names a folder: full-page PNGs nobody opens cost the suite CPU.
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

interface Overflow {
  scroll: number;
  width: number;
  offenders: string[];
  /** The innermost elements reaching past the right edge, to say what widened the page. */
  widest: string[];
}

/**
 * The page does not scroll sideways, and every visible control (buttons, links, selects) in
 * the main area and open dialogs lies inside the viewport and inside any clipping ancestor.
 */
async function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    // The public site's body { overflow-x: hidden } could hide an overflow from scrollWidth:
    // measure without it.
    const previous = document.body.style.overflowX;
    document.body.style.overflowX = 'visible';
    const scroll = document.documentElement.scrollWidth;
    const offenders: string[] = [];
    const scopes = [...document.querySelectorAll('main, [role="dialog"]')];
    const describe = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const scope of scopes) {
      for (const el of scope.querySelectorAll('button, a[href], select, [role="combobox"], [role="tab"]')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        if (r.left < -1 || r.right > width + 1) {
          offenders.push(`${describe(el)} at ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
          continue;
        }
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const ox = getComputedStyle(a).overflowX;
          if (ox === 'visible') continue;
          const ar = a.getBoundingClientRect();
          if (r.left < ar.left - 1 || r.right > ar.right + 1) {
            offenders.push(`${describe(el)} clipped by ${a.tagName.toLowerCase()}.${a.className.toString().split(' ').slice(0, 3).join('.')}`);
            break;
          }
        }
      }
    }
    const widest = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && ![...el.children].some((c) => c.getBoundingClientRect().right > width + 1))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className.toString().split(' ').slice(0, 4).join('.')} → ${Math.round(el.getBoundingClientRect().right)}`);
    document.body.style.overflowX = previous;
    return { scroll, width, offenders, widest };
  });
}

async function expectFits(page: Page, label: string) {
  const m = await measure(page);
  expect(m.scroll, `${label}: the page is ${m.scroll} px wide in a ${m.width} px window (${m.widest.join('; ')})`).toBeLessThanOrEqual(m.width);
  expect(m.offenders, `${label}: controls off the screen`).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe('long unbroken values never push a screen sideways', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  let conversationId: number;

  beforeAll(async () => {
    await api(server, 'POST', '/api/reservations', bookingPayload({ name: NAME, email: EMAIL, phone: '+66 81 234 5678', message: URL_TEXT }));
    // A formula a spreadsheet would run (the had a link, which a name can no longer hold).
    await api(
      server,
      'POST',
      '/api/reservations',
      bookingPayload({ name: '=HYPERLINK("evil.test","x")', email: 'formula@example.com', course: 'Muay Thai Beginner' }, { nth: 1 }),
    );
    await api(server, 'POST', '/api/contact', { name: NAME, email: EMAIL, subject: unbroken('Subject'), message: `Look at ${URL_TEXT} please` });
    await api(server, 'POST', '/api/newsletter-subscribers', { email: EMAIL, isActive: true });
    await api(
      server,
      'POST',
      '/api/auth/register',
      { email: EMAIL, name: NAME, password: 'long-values-password', role: 'staff', isActive: true },
      tokens.admin,
    );
    const category = await api<{ id: number }>(
      server,
      'POST',
      '/api/blog-categories',
      { name: unbroken('Category'), slug: SLUG, description: URL_TEXT },
      tokens.admin,
    );
    await api(
      server,
      'POST',
      '/api/blog-posts',
      { title: unbroken('Title'), slug: SLUG, content: `Read ${URL_TEXT}`, excerpt: URL_TEXT, categoryId: category.id, published: true },
      tokens.admin,
    );
    await api(
      server,
      'POST',
      '/api/gallery/instagram',
      {
        title: unbroken('Gallery'),
        description: URL_TEXT,
        category: unbroken('Category'),
        instagramUrl: 'https://www.instagram.com/p/Abc123/',
        imageUrl: 'https://www.instagram.com/p/Abc123/',
        filename: '',
      },
      tokens.admin,
    );
    const conversations = await api<{ id: number; userEmail: string }[]>(server, 'GET', '/api/conversations', undefined, tokens.admin);
    conversationId = conversations.find((c) => c.userEmail === EMAIL)!.id;
    await api(server, 'POST', `/api/conversations/${conversationId}/messages`, { content: URL_TEXT }, tokens.admin);
  });

  const screens: { path: string; ready: (page: Page) => Promise<unknown>; then?: (page: Page, width: number) => Promise<void> }[] = [
    {
      path: '/admin/reservations',
      ready: (page) => page.getByText(NAME).filter({ visible: true }).first().waitFor(),
      then: async (page, width) => {
        // The detail dialog of the long reservation.
        await page
          .getByRole('button', { name: `Voir la réservation de ${NAME}` })
          .filter({ visible: true })
          .first()
          .click();
        await page.getByTestId('reservation-detail').waitFor();
        await expectFits(page, `reservation detail @${width}`);
        if (width !== 1920) await shot(page, `reservation-detail-${width}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('reservation-detail').waitFor({ state: 'detached' });
      },
    },
    {
      path: '/admin/newsletter',
      ready: (page) => page.getByTestId('subscriber-row').filter({ hasText: EMAIL }).waitFor(),
      then: async (page, width) => {
        await page.getByRole('tab', { name: /Messages Contact/ }).click();
        await page.getByTestId('contact-card').filter({ hasText: NAME }).waitFor();
        await expectFits(page, `contact messages @${width}`);
        if (width !== 1920) await shot(page, `contact-${width}`);
      },
    },
    { path: '/admin/messages', ready: (page) => page.getByTestId('conversation-row').filter({ hasText: NAME }).waitFor() },
    { path: '/admin/messages/:id', ready: (page) => page.getByTestId('message-bubble').filter({ hasText: URL_TEXT }).first().waitFor() },
    { path: '/admin/users', ready: (page) => page.getByTestId('user-card').filter({ hasText: EMAIL }).waitFor() },
    { path: '/admin/categories', ready: (page) => page.getByTestId('category-card').filter({ hasText: SLUG }).waitFor() },
    {
      path: '/admin/blog',
      ready: (page) =>
        page
          .getByTestId('blog-card')
          .filter({ hasText: unbroken('Title') })
          .waitFor(),
    },
    {
      path: '/admin/gallery',
      ready: (page) =>
        page
          .getByTestId('gallery-card')
          .filter({ hasText: unbroken('Gallery') })
          .waitFor(),
    },
  ];

  for (const screen of screens) {
    it(`${screen.path} at ${WIDTHS.join(', ')} px`, async () => {
      const ctx = await signedInContext(browser, tokens.admin, { width: WIDTHS[0], height: 800 });
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(server.url + screen.path.replace(':id', String(conversationId)));
        await screen.ready(page);
        await expectFits(page, `${screen.path} @${width}`);
        if (screen.path === '/admin/reservations' && width !== 1920) await shot(page, `reservations-${width}`);
        await screen.then?.(page, width);
      }
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  it('the public blog list and article with a long title and category', async () => {
    const ctx = await browser.newContext({ viewport: { width: WIDTHS[0], height: 800 } });
    const page = await ctx.newPage();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const p of ['/blog', `/blog/${SLUG}`]) {
        await page.goto(server.url + p);
        await page.waitForSelector('html[data-hydrated="true"]');
        await page.getByText(unbroken('Title')).first().waitFor();
        await expectFits(page, `${p} @${width}`);
      }
    }
    await ctx.close();
  });
});
