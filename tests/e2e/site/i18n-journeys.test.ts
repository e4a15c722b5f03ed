import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, LANGUAGE_TAGS, type Language } from '../../../src/shared/i18n/languages';
import { CATALOGUES } from '../../../src/shared/i18n/locales';
import { localePath } from '../../../src/shared/i18n/paths';
import { axeViolations, gotoReady, useSite } from './site-helpers';

// Issue 15, point 8: a traveller's visit in each of the six languages on a 375 px phone: the
// home page, a booking refused by a validation error and then sent, the blog, an article and a
// wrong address. Each page is in the URL's language (its <html lang> and its catalogue's texts),
// never scrolls sideways, and axe finds nothing serious or critical. Browsers in four time zones.

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Bangkok', 'UTC'];

async function checkPage(page: Page, language: Language, label: string) {
  await expect(
    page.evaluate(() => document.documentElement.lang),
    label,
  ).resolves.toBe(LANGUAGE_TAGS[language]);
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, `${label}: sideways scroll`).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), label).toEqual([]);
}

describe('a visit in each language at 375 px', () => {
  const site = useSite();

  LANGUAGES.forEach((language, i) => {
    const t = CATALOGUES[language];
    const at = (path: string) => site.url(localePath(language, path));

    it(`${language}: home, booking (refused, then sent), blog, article and 404`, async () => {
      const { page, errors, close } = await site.open(375, { timezoneId: ZONES[i % ZONES.length] });

      await gotoReady(page, at('/'));
      await expect(page.locator('#classes-title').textContent()).resolves.toBe(t['classes.title']);
      await checkPage(page, language, `${language} home`);

      await gotoReady(page, at('/booking?what=class'));
      const form = page.locator('#booking-form');
      await form.getByRole('button', { name: t['bookingForm.confirm'] }).click();
      await expect.poll(() => form.locator('[role="alert"]').allTextContents()).toContain(t['error.nameRequired']);
      await checkPage(page, language, `${language} booking with errors`);
      // A session from the timetable fills the course and the time; then the contact.
      await page.locator('[data-testid="session-list"] button[data-date]:not([disabled])').first().click();
      await page.locator('[data-testid="session"]:not([disabled])').first().click();
      await expect(form.getByLabel(t['bookingForm.course']).inputValue()).resolves.not.toBe('');
      await form.getByLabel(t['bookingForm.name'], { exact: true }).fill(`Traveller ${language}`);
      await form.getByLabel(t['bookingForm.email'], { exact: true }).fill(`traveller-${language}@example.com`);
      await form.getByRole('button', { name: t['bookingForm.confirm'] }).click();
      await expect(page.getByTestId('booking-success').textContent()).resolves.toBe(t['booking.sent']);
      await checkPage(page, language, `${language} booking sent`);

      await gotoReady(page, at('/blog'));
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(t['blog.heading']);
      await checkPage(page, language, `${language} blog`);
      const article = page.locator(`main a[href^="${localePath(language, '/blog/')}"]`).first();
      const href = await article.getAttribute('href');
      expect(href).toBeTruthy();
      await gotoReady(page, site.url(href!));
      await expect(page.getByRole('link', { name: t['article.back'] }).count()).resolves.toBeGreaterThan(0);
      await checkPage(page, language, `${language} article`);

      const res = await page.goto(at('/no-such-page'));
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(t['notFound.heading']);
      await checkPage(page, language, `${language} 404`);

      expect(errors).toEqual([]);
      await close();
    });
  });
});
