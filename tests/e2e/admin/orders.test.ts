import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PassDto, StaffOrderDto } from '../../../src/shared/api-types';
import { formatThb } from '../../../src/shared/money';
import { useBrowserSuite, WIDTHS, type Account } from '../helpers/fixture';
import { api, axeViolations, expectToast } from './admin-helpers';

// Orders and money at the desk (issue 21), at a phone's and a desktop's width: staff sell a pass
// from the desk's day, record the payment in baht typed with a space ("2 500"), and see "Payée";
// staff never see "Rembourser"; an admin refunds part of it after a confirmation. Each step is
// checked through the API too (the ledger has one line per action: a double click records once).
//
// Needs the server side of issue 21: GET /api/passes, POST /api/desk/orders, GET /api/orders and
// /api/orders/{id}, POST /api/orders/{id}/payments and /refunds.
describe('back office: orders and money', () => {
  const suite = useBrowserSuite({ accounts: true });
  const { server, tokens } = suite;
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  let pass: PassDto;

  const getOrder = (id: number) => api<StaffOrderDto>(server, 'GET', `/api/orders/${id}`, undefined, tokens.admin);
  /** "2 500" (a plain space between thousands): how staff type a price, not how Intl writes it. */
  const typed = (satang: number) => String(satang / 100).replace(/\B(?=(\d{3})+$)/g, ' ');

  async function open(as: Account, viewport: { width: number; height: number }): Promise<Page> {
    const { page, errors: pageErrors, close } = await suite.page({ as, viewport });
    closers.push(async () => {
      errors.push(...pageErrors);
      await close();
    });
    return page;
  }

  beforeAll(async () => {
    const passes = await api<PassDto[]>(server, 'GET', '/api/passes');
    // A pass of whole baht with more than one day: the typed amount and the dates both matter.
    pass = passes.find((p) => p.days >= 7 && p.priceSatang % 100 === 0 && p.priceSatang >= 100_000) ?? passes[0];
    expect(pass).toBeDefined();
  });
  afterAll(async () => {
    for (const close of closers) await close();
    expect(errors).toEqual([]);
  });

  for (const { name: screen, viewport } of WIDTHS) {
    describe(`at ${viewport.width} px (${screen})`, () => {
      const buyer = `Desk Buyer ${viewport.width}`;
      const email = `desk-buyer-${viewport.width}@example.com`;
      let orderId: number;

      it('staff sell a pass from the desk and record its payment; the order reads "Payée"', async () => {
        const page = await open('staff', viewport);
        await page.goto(server.url + '/admin/reservations?vue=jour');
        await page.getByRole('link', { name: 'Vendre une formule' }).click();
        await page.waitForURL('**/admin/orders?vendre=1');
        const dialog = page.getByRole('dialog', { name: 'Vendre une formule' });

        // Nothing chosen yet: the form says what is missing before any request.
        await dialog.getByRole('button', { name: 'Vendre', exact: true }).click();
        await dialog.getByText('Choisissez une formule').waitFor();
        await dialog.getByText('Indiquez un e-mail ou un téléphone').waitFor();

        await dialog.getByRole('combobox', { name: 'Formule' }).click();
        await page.getByRole('option', { name: `${pass.name.fr || pass.name.en} — ${formatThb(pass.priceSatang, 'fr')}` }).click();
        await dialog.getByText(/^Jusqu’au .+ inclus$/).waitFor();
        await dialog.getByLabel('Nom', { exact: true }).fill(buyer);
        await dialog.getByLabel('E-mail', { exact: true }).fill(email);
        await dialog.getByRole('button', { name: 'Vendre', exact: true }).click();
        await expectToast(page, 'Formule vendue');
        await page.waitForURL(/\/admin\/orders\/\d+$/);
        orderId = Number(new URL(page.url()).pathname.split('/').pop());
        await page.getByRole('heading', { level: 1, name: /^Commande / }).waitFor();
        await page.getByText('En attente de paiement', { exact: true }).first().waitFor();
        await expect(page.getByTestId('order-owed').textContent()).resolves.toBe(formatThb(pass.priceSatang, 'fr'));

        await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
        const form = page.getByTestId('payment-form');
        // More than what is owed is refused in French before any request.
        await form.getByLabel('Montant reçu (฿)').fill(typed(pass.priceSatang + 100));
        await form.getByRole('button', { name: 'Enregistrer le paiement' }).click();
        await form.getByText(/^Le montant dépasse ce qui reste dû/).waitFor();

        await form.getByLabel('Montant reçu (฿)').fill(typed(pass.priceSatang));
        await form.getByRole('combobox', { name: 'Moyen de paiement' }).click();
        await page.getByRole('option', { name: 'Espèces' }).click();
        await form.getByRole('button', { name: 'Enregistrer le paiement' }).dblclick();
        await expectToast(page, 'Paiement enregistré');
        await page.getByText('Payée', { exact: true }).first().waitFor();
        await expect.poll(async () => (await page.getByTestId('order-owed').textContent())?.trim()).toBe(formatThb(0, 'fr'));
        await page.getByTestId('order-ledger').getByText('Espèces').waitFor();

        const order = await getOrder(orderId);
        expect(order).toMatchObject({ customerName: buyer, customerEmail: email, status: 'paid', paidSatang: pass.priceSatang, owedSatang: 0 });
        // The double click recorded one payment.
        expect(order.ledger).toEqual([expect.objectContaining({ kind: 'payment', method: 'cash', amountSatang: pass.priceSatang })]);

        // Staff never see the refund.
        await expect(page.getByRole('button', { name: 'Rembourser' }).count()).resolves.toBe(0);
      });

      it('the list finds the order by name, with its state and amount in French', async () => {
        const page = await open('staff', viewport);
        await page.goto(`${server.url}/admin/orders?q=${encodeURIComponent(buyer)}`);
        const item = page.getByTestId(viewport.width >= 1280 ? 'order-row' : 'order-card').filter({ hasText: buyer });
        await item.getByText('Payée', { exact: true }).waitFor();
        await item.getByText(formatThb(pass.priceSatang, 'fr'), { exact: true }).waitFor();
        await expect(page.getByTestId(viewport.width >= 1280 ? 'order-row' : 'order-card').count()).resolves.toBe(1);
        await item.getByRole('link', { name: new RegExp(`^Commande .+, ${buyer}$`) }).click();
        await page.waitForURL(`**/admin/orders/${orderId}`);
      });

      it('an admin refunds part of it after confirming; the ledger shows the refund', async () => {
        const page = await open('admin', viewport);
        await page.goto(`${server.url}/admin/orders/${orderId}`);
        await page.getByRole('button', { name: 'Rembourser', exact: true }).click();
        const form = page.getByTestId('refund-form');
        await form.getByLabel('Montant remboursé (฿)').fill('500');
        await form.getByRole('button', { name: 'Rembourser…' }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Confirmer le remboursement ?' });
        await confirm.getByText(formatThb(50_000, 'fr'), { exact: false }).waitFor();
        await confirm.getByRole('button', { name: 'Rembourser', exact: true }).click();
        await expectToast(page, 'Remboursement enregistré');
        await page.getByTestId('order-ledger').getByText('Remboursement', { exact: true }).waitFor();
        await expect.poll(async () => (await page.getByTestId('order-refunded').textContent())?.trim()).toBe(formatThb(50_000, 'fr'));

        const order = await getOrder(orderId);
        expect(order.refundedSatang).toBe(50_000);
        expect(order.ledger.map((l) => [l.kind, l.amountSatang])).toEqual([
          ['payment', pass.priceSatang],
          ['refund', 50_000],
        ]);
        if (viewport.width >= 1280) expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
});
