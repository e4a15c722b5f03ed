import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { PASS_ERRORS_FR } from '../../lib/pass-errors';
import { orderErrorText } from './order-errors';

const answer = (status: number, error: string, code: string) => new ApiError(status, JSON.stringify({ error, code }));

describe('orderErrorText', () => {
  it('says in French why money was refused, whatever the server wrote', () => {
    expect(orderErrorText(answer(409, 'Amount above what is owed', 'conflict'), 'payment')).toMatch(/^Ce paiement dépasse ce qui reste dû/);
    expect(orderErrorText(answer(409, 'Refund above what was paid', 'conflict'), 'refund')).toMatch(/^Ce remboursement dépasse ce qui a été payé/);
    expect(orderErrorText(answer(409, 'Paid orders cannot be cancelled', 'conflict'), 'cancel')).toMatch(/^Cette commande ne peut plus être annulée/);
    expect(orderErrorText(answer(403, 'You do not have permission to do this', 'forbidden'), 'refund')).toBe('Seul un administrateur peut rembourser.');
    expect(orderErrorText(answer(404, 'Not found', 'not_found'), 'payment')).toBe('Cette commande est introuvable.');
  });

  it("keeps the server's sentence otherwise (a sale's 409 names the reason), and the fallback when there is none", () => {
    expect(orderErrorText(answer(409, 'Cette formule n’est plus en vente', 'conflict'), 'sale')).toBe('Cette formule n’est plus en vente');
    expect(orderErrorText(answer(400, 'La date de début est passée', 'validation'), 'sale')).toBe('La date de début est passée');
    expect(orderErrorText(new TypeError('Failed to fetch'), 'payment')).toBe("Impossible d'enregistrer le paiement");
  });

  it('names a pass or order refusal by its code in French, before guessing by the status', () => {
    expect(orderErrorText(answer(409, 'This order was not paid in time and has lapsed. Please order again.', 'order_expired'), 'payment')).toBe(
      PASS_ERRORS_FR.order_expired,
    );
    expect(orderErrorText(answer(409, 'This order is cancelled or refunded.', 'order_closed'), 'payment')).toMatch(/^Cette commande est annulée/);
    expect(orderErrorText(answer(409, 'This pass is no longer on sale', 'pass_not_on_sale'), 'sale')).toBe('Cette formule n’est plus en vente (Paramètres).');
  });
});
