import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserSuite, WIDTHS } from '../helpers/fixture';
import { axeViolations, expectToast, signedInContext, trackErrors } from './admin-helpers';

// The owner's texts per language (issue 15, point 6), as the owner and a traveller meet them:
// a new gym's /ru/ and /zh/ pages already show the seeded translations; the owner writes the
// French hero title in "Paramètres" and a staff member the German description of a class in
// "Planning"; /fr/ and /de/booking show them on the next load, and a language without a
// translation shows the English. At 375 and 1280 px.

async function publicPage(browser: Browser, url: string) {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 800 }, timezoneId: 'Europe/Berlin' });
  const page = await ctx.newPage();
  await page.goto(url);
  return { page, close: () => ctx.close() };
}

describe('owner texts per language', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  it('a new gym shows its seeded translations; English pages keep the English', async () => {
    const ru = await publicPage(browser, server.url + '/ru/');
    await expect(ru.page.locator('#hero-title').textContent()).resolves.toContain('Тренируйтесь как');
    await expect(ru.page.locator('#about-title').textContent()).resolves.toContain('Создан бойцами');
    await expect(ru.page.locator('#classes').textContent()).resolves.toContain('Всё время указано по местному времени (Краби, UTC+7).');
    // The description of the page's head is the Russian SEO text.
    const description = await ru.page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/[а-я]/);
    await ru.close();

    const zh = await publicPage(browser, server.url + '/zh/booking');
    const table = zh.page.getByRole('table').first();
    await expect(table.textContent()).resolves.toMatch(/[\u4e00-\u9fff]/);
    // The gym's zone named in the page's language, with the server's offset.
    await expect(zh.page.getByTestId('zone-note').textContent()).resolves.toBe('所有时间均为当地时间（甲米，UTC+7）');
    await zh.close();

    const en = await publicPage(browser, server.url + '/');
    await expect(en.page.locator('#hero-title').textContent()).resolves.toBe('Train like a fighter.Travel like a local.');
    await en.close();
  });

  for (const w of WIDTHS) {
    const phone = w.name === 'phone';
    const title = phone ? 'Entraînez-vous comme un champion.' : 'Entraînez-vous comme une championne.';
    const german = phone ? 'Takedowns und Käfigarbeit, Schritt für Schritt.' : 'Takedowns, Sprawls und Käfigarbeit für alle.';

    it(`${w.name}: the owner writes the French hero title in Paramètres; /fr/ shows it, /de/ keeps its own`, async () => {
      const ctx = await signedInContext(browser, tokens.admin, w.viewport);
      const page = await ctx.newPage();
      trackErrors(page).forEach((e) => errors.push(e));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url + '/admin/settings/traductions');
      const section = page.locator('section#traductions');
      await section.getByRole('heading', { name: 'Traductions' }).waitFor();
      await section.getByRole('tab', { name: /Français/ }).click();
      const field = section.getByLabel('Titre (français)').first();
      // Seeded (then changed by the phone run), and the English it replaces is the placeholder.
      await expect(field.inputValue()).resolves.toMatch(phone ? /^Entraînez-vous comme un combattant\.$/ : /^Entraînez-vous comme un champion\.$/);
      await expect(field.getAttribute('placeholder')).resolves.toBe('Train like a fighter.');
      await field.fill(title);
      await section.getByLabel('Mot mis en avant (en rouge) (français)').fill(phone ? 'champion' : 'championne');
      // A too-long slogan is refused on its field, in its tab.
      await section.getByLabel('Slogan (français)').fill('x'.repeat(201));
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await section.getByText('Le slogan (français) est trop long (200 caractères au plus)').waitFor();
      await section.getByLabel('Slogan (français)').fill('');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expectToast(page, 'Paramètres enregistrés');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wide).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await ctx.close();

      const fr = await publicPage(browser, server.url + '/fr/');
      await expect(fr.page.locator('#hero-title').textContent()).resolves.toContain(title);
      await expect(fr.page.locator('#hero-title .text-blood-400').textContent()).resolves.toBe(phone ? 'champion' : 'championne');
      // The slogan left empty: the footer falls back to the English one.
      await expect(fr.page.locator('footer').textContent()).resolves.toContain('Muay Thai, BJJ, MMA, Wrestling & Luta Livre by the Andaman Sea');
      await fr.close();
      const de = await publicPage(browser, server.url + '/de/');
      await expect(de.page.locator('#hero-title').textContent()).resolves.toContain('Kämpfer');
      await de.close();
    });

    it(`${w.name}: staff write a class's German description in Planning; /de/booking shows it, /booking the English`, async () => {
      const ctx = await signedInContext(browser, tokens.staff, w.viewport);
      const page = await ctx.newPage();
      trackErrors(page).forEach((e) => errors.push(e));
      await page.goto(server.url + '/admin/planning');
      await page.getByRole('button', { name: 'Modifier le cours Wrestling' }).click();
      const dialog = page.getByRole('dialog', { name: 'Modifier le cours' });
      await dialog.getByText('Description dans les autres langues').click();
      const de = dialog.getByLabel('Description (allemand)');
      await expect(de.inputValue()).resolves.not.toBe('');
      await de.fill(german);
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expectToast(page, 'Cours mis à jour');
      await expect(page.getByTestId('class-translations').first().textContent()).resolves.toContain('allemand');
      expect(await axeViolations(page)).toEqual([]);
      await ctx.close();

      const deBooking = await publicPage(browser, server.url + '/de/booking?what=class');
      await expect(deBooking.page.locator('main').textContent()).resolves.toContain(german);
      await deBooking.close();
      const en = await publicPage(browser, server.url + '/booking?what=class');
      await expect(en.page.locator('main').textContent()).resolves.toContain('Takedowns, sprawls and cage work.');
      await en.close();
    });
  }
});
