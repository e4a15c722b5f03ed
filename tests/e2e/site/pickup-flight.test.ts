import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../src/shared/i18n/locales';
import { addDays, todayInZone } from '../../../src/shared/gym-time';
import { createStayOrder, testRoomType } from '../../helpers/stay-fixtures';
import { GYM_ZONE, useBrowserSuite } from '../helpers/fixture';
import { prefixOf, sideways } from './pass-journey';
import { axeViolations, gotoReady } from './site-helpers';

// Issue 36, point 5 on the order page at 375 px: the traveller whose pickup has no flight yet
// gives it (number, landing date and time); the page shows it and the gym has it, with the
// calendar file's sequence bumped. In French and in Thai.

describe('the airport pickup on the order page', () => {
  const suite = useBrowserSuite();

  for (const language of ['fr', 'th'] as const) {
    it(`gives the flight at 375 px (${language})`, async () => {
      const { server } = suite;
      const t = CATALOGUES[language];
      const arrival = addDays(todayInZone(GYM_ZONE), 20);
      const type = await testRoomType(server.app.ctx, 2);
      const o = await createStayOrder(server.app.ctx.db, {
        roomTypeId: type.id,
        checkIn: arrival,
        checkOut: addDays(arrival, 7),
        language,
        pickup: { airport: 'KBV', flightNumber: null, arrivesAt: `${arrival}T09:00` },
      });
      const { page, errors, close } = await suite.page({ width: 375, timeZone: 'Europe/Paris' });
      try {
        await gotoReady(page, suite.url(`${prefixOf(language)}/booking/order/${o.token}`));
        const section = page.locator('[data-testid="pickup"]');
        await section.getByRole('heading', { name: t['pickup.title'] }).waitFor();
        await expect(section.getByTestId('pickup-flight').textContent()).resolves.toBe(t['pickup.noFlight']);
        const form = section.locator('[data-testid="pickup-form"]');
        await form.getByLabel(t['pickup.flightNumber']).fill('not a flight');
        await form.getByRole('button', { name: t['pickup.save'] }).click();
        await form.getByText(t['pickup.invalid']).waitFor();
        await form.getByLabel(t['pickup.flightNumber']).fill('fd 3031');
        await form.getByLabel(t['pickup.time']).fill('14:35');
        await form.getByRole('button', { name: t['pickup.save'] }).click();
        await section.getByText(t['pickup.saved']).waitFor();
        await section.getByTestId('pickup-flight').getByText('FD 3031').waitFor();
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
        const row = await server.app.ctx.db.selectFrom('order_pickups').selectAll().where('order_id', '=', o.id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ flight_number: 'FD 3031', arrives_at: `${arrival}T14:35`, sequence: 1 });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
