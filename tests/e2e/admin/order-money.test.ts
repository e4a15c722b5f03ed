import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrderDto, StaffOrderDto } from '../../../src/shared/api-types';
import { formatThb } from '../../../src/shared/money';
import { WIDTHS, useBrowserSuite, type Account } from '../helpers/fixture';
import { startStripeStandIn, WEBHOOK_PATH, type StripeStandIn } from '../../helpers/stripe-stand-in';
import { api, axeViolations, expectToast } from './admin-helpers';

// Issue 32 in Commandes, at a phone's and a desktop's width: an order paid twice (the card session
// and the desk's terminal) shows "Trop-perçu" with a refund button that refunds it once, however
// often the confirmation is clicked; a disputed card payment shows its dispute with the deadline
// in gym time; "À traiter seulement" lists them.

const WEEK = 'week-single.muay-thai';

describe('back office: overpaid and disputed orders', () => {
  let stand: StripeStandIn;
  beforeAll(async () => {
    stand = await startStripeStandIn();
  });
  const suite = useBrowserSuite({ accounts: true, server: () => ({ stripe: stand.settings }) });
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
    await stand?.close();
    expect(errors).toEqual([]);
  });

  async function open(as: Account, viewport: { width: number; height: number }): Promise<Page> {
    const { page, errors: pageErrors, close } = await suite.page({ as, viewport });
    closers.push(async () => {
      errors.push(...pageErrors);
      await close();
    });
    return page;
  }

  async function cardOrder(name: string) {
    const { server } = suite;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const o = await api<OrderDto>(server, 'POST', '/api/orders', {
      passId: WEEK,
      startDate: today,
      name,
      email: `${name.replace(/\W+/g, '-').toLowerCase()}@example.com`,
      language: 'en',
      method: 'card',
    });
    return { ...o, sessionId: o.checkoutUrl!.split('/pay/')[1] };
  }
  async function deliver(event: ReturnType<StripeStandIn['event']>) {
    const payload = JSON.stringify(event);
    const res = await fetch(suite.url(WEBHOOK_PATH), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stand.sign(payload) },
      body: payload,
    });
    expect(res.status).toBe(200);
  }

  for (const { name: screen, viewport } of WIDTHS) {
    describe(`at ${viewport.width} px (${screen})`, () => {
      it('an overpaid order says "Trop-perçu" and its refund button refunds it once', async () => {
        const { server, tokens } = suite;
        const o = await cardOrder(`Twice Paid ${viewport.width}`);
        stand.pay(o.sessionId); // paid by card; the desk takes the price on its terminal too
        await api(server, 'POST', `/api/orders/${o.id}/payments`, { amountSatang: o.amountSatang, method: 'terminal' }, tokens.staff);
        const page = await open('admin', viewport);
        await page.goto(`${server.url}/admin/orders/${o.id}`);
        const banner = page.getByTestId('order-overpaid');
        await banner.getByText(`Trop-perçu : ${formatThb(o.amountSatang, 'fr')}`).waitFor();
        await page.getByText('Trop-perçu', { exact: true }).first().waitFor();
        await banner.getByRole('button', { name: 'Rembourser le trop-perçu' }).click();
        const form = page.getByTestId('refund-form');
        await expect(form.getByLabel('Montant remboursé (฿)').inputValue()).resolves.toBe(String(o.amountSatang / 100));
        await form.getByRole('button', { name: 'Rembourser…' }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Confirmer le remboursement ?' });
        await confirm.getByRole('button', { name: 'Rembourser', exact: true }).dblclick();
        await expectToast(page, 'Remboursement enregistré');
        await expect.poll(async () => page.getByTestId('order-overpaid').count()).toBe(0);
        const after = await api<StaffOrderDto>(server, 'GET', `/api/orders/${o.id}`, undefined, tokens.admin);
        expect(after).toMatchObject({ status: 'paid', overpaidSatang: 0, refundedSatang: o.amountSatang });
        expect(after.ledger.filter((l) => l.kind === 'refund')).toHaveLength(1);
        if (viewport.width >= 1280) expect(await axeViolations(page)).toEqual([]);
      });

      it('a disputed payment shows its dispute with the deadline in gym time, and the attention list finds it', async () => {
        const { server } = suite;
        const o = await cardOrder(`Disputed Buyer ${viewport.width}`);
        await deliver(stand.pay(o.sessionId));
        const dispute = stand.dispute(stand.sessions.get(o.sessionId)!.payment_intent!, { reason: 'fraudulent' });
        await deliver(stand.event('charge.dispute.created', dispute));
        const page = await open('staff', viewport);
        await page.goto(`${server.url}/admin/orders?attention=oui`);
        const item = page.getByTestId(viewport.width >= 1280 ? 'order-row' : 'order-card').filter({ hasText: `Disputed Buyer ${viewport.width}` });
        await item.getByText('Contestée (litige)', { exact: true }).waitFor();
        // The filter is on: its box is ticked, or on a phone (filters folded, issue 46) its chip shows.
        if (viewport.width >= 768)
          await expect(page.getByLabel('À traiter seulement : trop-perçu, litige, remboursement refusé').isChecked()).resolves.toBe(true);
        else await expect(page.getByRole('list', { name: 'Filtres actifs' }).textContent()).resolves.toBe('À traiter seulement');
        await item.getByRole('link').first().click();
        await page.waitForURL(`**/admin/orders/${o.id}`);
        const section = page.getByTestId('order-dispute');
        await section.getByText('Réponse attendue').waitFor();
        const due = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }).format(
          new Date(dispute.evidence_details.due_by * 1000),
        );
        await expect(section.getByTestId('dispute-deadline').textContent()).resolves.toBe(due);
        await page.getByTestId('order-ledger').waitFor();
        // Staff see no refund button; the order takes no desk payment while disputed.
        await expect(page.getByRole('button', { name: 'Enregistrer un paiement' }).count()).resolves.toBe(0);
      });
    });
  }
});
