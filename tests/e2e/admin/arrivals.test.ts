import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../src/shared/gym-time';
import { createStayOrder, testRoomType } from '../../helpers/stay-fixtures';
import { GYM_ZONE, useBrowserSuite, VIEWPORTS } from '../helpers/fixture';
import { axeViolations, expectToast, signedInContext, trackErrors } from './admin-helpers';

// "Arrivées" (issue 36 §5) at 375 px: staff see today's arrival with its pickup and what is owed,
// check the guest into a room, are refused a room another guest holds, and see the occupancy grid.

async function noSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

describe('back office: Arrivées', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];
  afterAll(() => {
    expect(errors).toEqual([]);
  });

  it('phone: staff check an arriving guest into a room; a room taken that night is refused', async () => {
    const today = todayInZone(GYM_ZONE);
    const ctxApp = server.app.ctx;
    const type = await testRoomType(ctxApp, 3, 'Garden bungalow');
    const arriving = await createStayOrder(ctxApp.db, {
      roomTypeId: type.id,
      checkIn: today,
      checkOut: addDays(today, 7),
      name: 'Maya Kowalczyk-Lindqvist',
      staySatang: 700_000,
      trainingSatang: 300_000,
      paidSatang: 400_000,
      pickup: { airport: 'KBV', flightNumber: 'FD 3031', arrivesAt: `${today}T13:20` },
    });
    const inHouse = await createStayOrder(ctxApp.db, {
      roomTypeId: type.id,
      checkIn: addDays(today, -2),
      checkOut: addDays(today, 3),
      name: 'Tom In-House',
      paidSatang: 700_000,
    });
    // The guest in house already sits in room 2.
    const r = await server.app.inject({
      method: 'POST',
      url: `/api/stays/${inHouse.id}/check-in`,
      headers: { authorization: `Bearer ${tokens.staff}` },
      payload: { roomId: type.roomList[1].id },
    });
    expect(r.statusCode).toBe(204);
    await createStayOrder(ctxApp.db, { roomTypeId: type.id, checkIn: addDays(today, 1), checkOut: addDays(today, 4), name: 'Tomorrow Guest' });

    const ctx = await signedInContext(browser, tokens.staff, VIEWPORTS.phone);
    const page = await ctx.newPage();
    trackErrors(page).forEach((e) => errors.push(e));
    await page.goto(server.url + '/admin/dashboard');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Arrivées' }).click();
    await page.waitForURL('**/admin/arrivals');
    await page.getByRole('heading', { level: 1, name: 'Arrivées' }).waitFor();

    const todayBoard = page.getByTestId('arrivals-day').first();
    await todayBoard.getByRole('heading', { name: 'Aujourd’hui' }).waitFor();
    const card = todayBoard.getByRole('list', { name: 'Arrivées' }).getByTestId('stay-card');
    await card.getByText('Maya Kowalczyk-Lindqvist', { exact: true }).waitFor();
    await expect(card.textContent()).resolves.toContain('vol FD 3031');
    await expect(card.textContent()).resolves.toMatch(/Reste dû 6\s?800\s?฿/);
    await todayBoard.getByRole('list', { name: 'Transferts depuis l’aéroport' }).getByText('13:20').waitFor();
    await page.getByTestId('arrivals-day').nth(1).getByText('Tomorrow Guest', { exact: true }).waitFor();
    await noSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);

    // Room 2 is Tom's tonight: refused, with the reason.
    await card.getByLabel('Chambre pour Maya Kowalczyk-Lindqvist').selectOption({ label: 'Chambre 2' });
    await card.getByRole('button', { name: 'Enregistrer l’arrivée' }).click();
    await expectToast(page, 'La chambre 2 est déjà occupée');
    // Room 1 is free.
    await card.getByLabel('Chambre pour Maya Kowalczyk-Lindqvist').selectOption({ label: 'Chambre 1' });
    await card.getByRole('button', { name: 'Enregistrer l’arrivée' }).click();
    await expectToast(page, 'Arrivée enregistrée');
    await card.locator('span', { hasText: /^Chambre 1$/ }).waitFor();
    await card.getByText('Arrivé', { exact: true }).waitFor();
    const stay = await ctxApp.db.selectFrom('order_stays').select(['room_id', 'checked_in_at']).where('order_id', '=', arriving.id).executeTakeFirstOrThrow();
    expect(stay.room_id).toBe(type.roomList[0].id);

    // The occupancy: tonight two of the three rooms are taken (on a phone a card of nights per room type, issue 46).
    const grid = page.getByRole('region', { name: 'Occupation sur 30 nuits' });
    await grid.getByRole('list', { name: 'Nuits, Garden bungalow' }).getByRole('listitem').first().getByText('2/3').waitFor();
    await noSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);

    // The dashboard's rooms per month (issue 36 §7): this month's nights and the rooms' takings.
    await page.goto(server.url + '/admin/dashboard');
    const figures = page.getByTestId('stay-figures');
    await figures.getByRole('heading', { name: 'Hébergement par mois' }).waitFor();
    await expect(figures.getByTestId('stay-month').first().textContent()).resolves.toMatch(/%/);
    await noSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await ctx.close();
  });
});
