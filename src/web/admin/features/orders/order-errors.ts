import { ApiError, errorText } from '../../../lib/api-client';
import { passErrorFr } from '../../lib/pass-errors';

// The orders screens choose their words by the answer's status and code, not by the server's
// sentence (which may be English): a 409 on money means the order changed or the amount is too high.

export type OrderCall = 'load' | 'payment' | 'refund' | 'cancel' | 'sale';

const CONFLICT: Record<OrderCall, string> = {
  load: '',
  payment: 'Ce paiement dépasse ce qui reste dû (la commande a peut-être changé entre-temps) : vérifiez le montant.',
  refund: 'Ce remboursement dépasse ce qui a été payé (la commande a peut-être changé entre-temps) : vérifiez le montant.',
  cancel: 'Cette commande ne peut plus être annulée : de l’argent a été enregistré.',
  sale: '',
};

const FALLBACK: Record<OrderCall, string> = {
  load: 'Impossible de charger la commande',
  payment: "Impossible d'enregistrer le paiement",
  refund: "Impossible d'enregistrer le remboursement",
  cancel: "Impossible d'annuler la commande",
  sale: 'Impossible de vendre la formule',
};

export function orderErrorText(err: unknown, call: OrderCall): string {
  // A pass or order refusal says what happened (expired, closed…), before the guesses by status.
  const known = passErrorFr(err);
  if (known) return known;
  if (err instanceof ApiError) {
    // The card path's own refusals: the server's French sentence says what Stripe answered.
    if (err.code === 'refund_failed' || err.code === 'refund_pending' || err.code === 'card_payment_from_stripe_only')
      return err.serverMessage ?? FALLBACK[call];
    if (err.status === 409 && CONFLICT[call]) return CONFLICT[call];
    if (err.status === 403 && call === 'refund') return 'Seul un administrateur peut rembourser.';
    if (err.status === 404) return 'Cette commande est introuvable.';
  }
  return errorText(err, FALLBACK[call]);
}
