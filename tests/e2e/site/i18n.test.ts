import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, gotoReady, scrollToBottom, sleep, useSite } from './site-helpers';

// Travellers' languages (issue 15) in the browser: the switcher, the suggestion, a German
// validation error, the landing page's JavaScript per language and narrow screens.
describe('the public site in six languages', () => {
  const site = useSite();
  const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

  it('switches language from the header and the footer on the same page, and remembers the choice', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/blog?category=none'));
    await page.locator('[data-testid="header-languages"] summary').click();
    await page.locator('[data-testid="header-languages"] [data-testid="lang-de"]').click();
    await page.waitForURL((u) => u.pathname === '/de/blog');
    expect(new URL(page.url()).search).toBe('?category=none');
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await lang(page)).toBe('de');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Trainingstagebuch');
    // The footer's switcher, from the German page to the French one.
    await page.locator('[data-testid="footer-languages"] [data-testid="lang-fr"]').click();
    await page.waitForURL((u) => u.pathname === '/fr/blog');
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await lang(page)).toBe('fr');
    expect(await page.evaluate(() => localStorage.getItem('site-language'))).toBe('fr');
    // Links inside the page stay in French; English is at today's URL.
    expect(await page.locator('header a', { hasText: 'Réserver' }).first().getAttribute('href')).toBe('/fr/booking');
    expect(await page.locator('[data-testid="footer-languages"] [data-testid="lang-en"]').getAttribute('href')).toBe('/blog?category=none');
    expect(errors).toEqual([]);
    await close();
  });

  it('suggests the browser’s language on a first visit without redirecting, and remembers a dismissal', async () => {
    const { page, errors, close } = await site.open(375, { locale: 'de-DE', extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' } });
    await gotoReady(page, site.url('/booking'));
    // No redirect: the URL decides the page's language.
    expect(new URL(page.url()).pathname).toBe('/booking');
    expect(await lang(page)).toBe('en');
    const offer = page.locator('[data-testid="language-suggestion"]');
    await offer.waitFor();
    expect(await offer.getAttribute('lang')).toBe('de');
    expect(await offer.textContent()).toContain('Diese Seite gibt es auch auf Deutsch.');
    expect(await offer.locator('a').getAttribute('href')).toBe('/de/booking');
    await page.locator('[data-testid="language-suggestion-dismiss"]').click();
    await offer.waitFor({ state: 'detached' });
    await gotoReady(page, site.url('/blog'));
    await sleep(300);
    expect(await offer.count()).toBe(0);
    // A page already in the preferred language suggests nothing.
    await page.evaluate(() => localStorage.clear());
    await gotoReady(page, site.url('/de/blog'));
    await sleep(300);
    expect(await offer.count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a booking form validation error in German', async () => {
    const { page, errors, close } = await site.open(375);
    await gotoReady(page, site.url('/de/booking?what=class'));
    await page.getByRole('button', { name: 'Buchung bestätigen' }).click();
    await expect.poll(() => page.locator('#booking-form [role="alert"]').allTextContents()).toContain('Bitte gib deinen Namen an');
    const alerts = await page.locator('#booking-form [role="alert"]').allTextContents();
    expect(alerts).toContain('Bitte wähle einen Kurs');
    expect(alerts.join(' ')).not.toMatch(/required|Please/);
    await page.locator('#booking-form').getByLabel('Telefon / WhatsApp').fill('0812345678');
    await page.getByRole('button', { name: 'Buchung bestätigen' }).click();
    await expect
      .poll(() => page.locator('#booking-form [role="alert"]').allTextContents())
      .toContain('Die Telefonnummer braucht eine Ländervorwahl (z. B. +49)');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the booking-management page in Russian, dates in Russian, and cancels there', async () => {
    // A real booking through the API; its manage link is in the confirmation e-mail (the outbox
    // row: its facts until the composing thread writes the text, then the text).
    const sessions = await site.api<{ sessions: { id: string; course: string; date: string; startsAt: string; full: boolean }[] }>('/api/sessions');
    const session = sessions.body.sessions.find((x) => !x.full && Date.parse(x.startsAt) > Date.now() + 3 * 3600_000);
    expect(session).toBeTruthy();
    const email = 'manage-ru@example.com';
    const booked = await site.api('/api/reservations', {
      method: 'POST',
      body: { name: 'Иван Петров', email, phone: null, course: session!.course, dateTime: session!.startsAt, message: null },
    });
    expect(booked.status).toBe(201);
    const { db } = site.server.app.ctx;
    const linkIn = async () => {
      const rows = await db.selectFrom('outbox').select(['text_body', 'template']).where('to_address', '=', email).execute();
      return rows.map((r) => /\/booking\/manage\/([A-Za-z0-9_-]+)/.exec(`${r.text_body} ${r.template ?? ''}`)?.[1]).find(Boolean);
    };
    await expect.poll(linkIn, { timeout: 15_000, interval: 200 }).toBeTruthy();
    const token = (await linkIn())!;

    const { page, errors, close } = await site.open(375);
    await gotoReady(page, site.url(`/ru/booking/manage/${token}`));
    expect(await lang(page)).toBe('ru');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Ваше бронирование');
    const card = page.getByTestId('managed-booking');
    const [y, m, d] = session!.date.split('-').map(Number);
    const longDate = new Intl.DateTimeFormat('ru', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Бронирование на имя Иван Петров');
    expect(text).toContain(longDate);
    expect(text).not.toMatch(/Booked by|Move to another session|Cancel booking|AM|PM/);
    expect(await page.title()).toMatch(/^Ваше бронирование/);
    const shots = process.env.SCREENSHOT_DIR;
    if (shots) {
      await page.getByRole('button', { name: 'Перенести на другое занятие' }).click();
      await page.screenshot({ path: path.join(shots, 'manage-ru-move-375.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: path.join(shots, 'manage-ru-move-1280.png'), fullPage: true });
      await page.getByRole('button', { name: 'Назад' }).click();
      await page.setViewportSize({ width: 375, height: 780 });
    }

    await page.getByRole('button', { name: 'Отменить бронирование' }).click();
    await expect.poll(() => page.locator('#confirm-cancel-title').textContent()).toContain(`Отменить занятие «${session!.course}»: ${longDate}`);
    await page.getByRole('button', { name: 'Да, отменить' }).click();
    await expect.poll(() => page.getByTestId('manage-notice').textContent()).toBe('Ваше бронирование отменено.');
    expect(await card.getByRole('link', { name: 'Записаться на другое занятие' }).getAttribute('href')).toBe('/ru/booking');

    // The link of a cancelled booking says so (issue 47 point 3), in Russian too.
    await gotoReady(page, site.url(`/ru/booking/manage/${token}`));
    await expect.poll(() => page.getByTestId('cancelled-by').textContent()).toBe('Вы отменили это бронирование.');
    expect(await page.getByTestId('managed-booking').getByRole('link', { name: 'Записаться на другое занятие' }).getAttribute('href')).toBe('/ru/booking');
    expect(errors).toEqual([]);
    await close();
  });

  it('names the reviews controls in German on /de/', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/de/'));
    const carousel = page.locator('#testimonials [aria-roledescription]');
    expect(await carousel.getAttribute('aria-roledescription')).toBe('Karussell');
    expect(await carousel.getAttribute('aria-label')).toBe('Bewertungen');
    const dots = await page
      .locator('#testimonials button[aria-current], #testimonials button[aria-label^="Bewertung"]')
      .evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')));
    expect(dots[0]).toBe('Bewertungen 1 bis 3 anzeigen');
    expect(dots.join(' ')).not.toMatch(/Show/);
    await page.getByRole('button', { name: 'Bewertungen 4 bis 6 anzeigen' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Bewertungen 4 bis 6 anzeigen' }).getAttribute('aria-current')).toBe('true');
    expect(errors).toEqual([]);
    await close();
  });

  // The JavaScript budget of every page type in every language: page-weight.test.ts.

  it('finds no serious or critical axe violation in the other languages (375 px, suggestion shown)', async () => {
    const { page, close } = await site.open(375, { locale: 'en-US' });
    const found: Record<string, unknown> = {};
    for (const url of ['/ru/', '/zh/booking', '/de/blog', '/fr/nope', '/th/booking']) {
      await gotoReady(page, site.url(url));
      const v = await axeViolations(page);
      if (v.length) found[url] = v;
    }
    expect(found).toEqual({});
    await close();
  });

  it.each(['de', 'th', 'zh'])('never scrolls sideways at 320 px in %s', async (code) => {
    const { page, errors, close } = await site.open(320);
    for (const path of ['/', '/booking', '/blog', '/nope']) {
      await gotoReady(page, site.url(`/${code}${path}`));
      if (path === '/') await scrollToBottom(page);
      const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(over, `/${code}${path}`).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await close();
  });
});
