import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { AvailabilityDto, RoomTypeDto } from '../../../src/shared/api-types/stays';
import { addDays, todayInZone } from '../../../src/shared/gym-time';
import { GYM_ZONE, useBrowserSuite, VIEWPORTS } from '../helpers/fixture';
import { api, axeViolations, expectToast, signedInContext, trackErrors } from './admin-helpers';

// "Hébergement" (issue 36 §1) at 375 px: the admin creates a room type with its rooms and rates,
// adds a room, closes one for repairs, and the public availability follows. Staff have no such menu.

async function noSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

describe('back office: Hébergement', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];
  afterAll(() => {
    expect(errors).toEqual([]);
  });

  it('phone: the admin creates a room type, adds a room and closes one for repairs', async () => {
    const ctx = await signedInContext(browser, tokens.admin, VIEWPORTS.phone);
    const page = await ctx.newPage();
    trackErrors(page).forEach((e) => errors.push(e));
    await page.goto(server.url + '/admin/dashboard');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Hébergement' }).click();
    await page.waitForURL('**/admin/stays');
    await page.getByText('Aucun type de chambre').waitFor();

    await page.getByRole('button', { name: 'Nouveau type de chambre' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nom (anglais)').fill('Garden bungalow');
    await dialog.getByLabel('Description (anglais)').fill('Air-conditioned, private bathroom');
    await dialog.getByText('Traductions').click();
    await dialog.getByLabel('Nom (français)').fill('Bungalow jardin');
    await dialog.getByLabel('Lits').fill('1 lit double');
    await dialog.getByLabel('Personnes au plus').fill('2');
    await dialog.getByLabel('Chambres (un numéro ou un nom par ligne)').fill('101\n102');
    await dialog.getByLabel('Prix par nuit (฿)').fill('1200');
    await dialog.getByLabel('À la semaine (7 nuits, ฿)').fill('7000');
    await noSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await expectToast(page, 'Type de chambre créé');
    const card = page.getByTestId('room-type-card');
    await card.getByText('Chambres : 101, 102').waitFor();
    const [saved] = (await api<{ roomTypes: RoomTypeDto[] }>(server, 'GET', '/api/stays/room-types', undefined, tokens.admin)).roomTypes;
    expect(saved).toMatchObject({ name: 'Garden bungalow', rooms: 2, nightlyPriceSatang: 120_000, weeklyPriceSatang: 700_000, monthlyPriceSatang: null });
    expect(saved.translations.fr?.name).toBe('Bungalow jardin');

    // One more room.
    await page.getByRole('button', { name: 'Modifier le type de chambre Garden bungalow' }).click();
    await dialog.getByLabel('Chambres (un numéro ou un nom par ligne)').fill('101\n102\n103');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Type de chambre mis à jour');
    await card.getByText('Chambres : 101, 102, 103').waitFor();

    // Room 101 closed tonight: two rooms left for a stay from today.
    const today = todayInZone(GYM_ZONE);
    await page.getByLabel('Première nuit').fill(today);
    await page.getByLabel('Dernière nuit').fill(today);
    await page.getByLabel('Motif').fill('Peinture');
    await page.getByRole('button', { name: 'Fermer la chambre' }).click();
    await expectToast(page, 'Chambre fermée');
    await page.getByRole('list', { name: 'Fermetures' }).getByText('Peinture', { exact: false }).waitFor();
    await noSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    const stay = await api<AvailabilityDto>(server, 'GET', `/api/stays/availability?checkIn=${today}&checkOut=${addDays(today, 7)}&language=fr`);
    expect(stay.roomTypes).toEqual([expect.objectContaining({ name: 'Bungalow jardin', roomsLeft: 2, priceSatang: 700_000, nights: 7 })]);
    await ctx.close();
  });

  it('staff have no Hébergement', async () => {
    const ctx = await signedInContext(browser, tokens.staff, VIEWPORTS.phone);
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin/dashboard');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const nav = page.getByRole('navigation', { name: "Menu d'administration" });
    await nav.getByRole('link', { name: 'Données personnelles' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Hébergement' }).count()).toBe(0);
    await page.goto(server.url + '/admin/stays');
    await page.waitForURL('**/admin/dashboard');
    await ctx.close();
  });
});
