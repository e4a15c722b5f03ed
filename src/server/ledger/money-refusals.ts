// The back office's refusals about money, in French, written once: the staff payment and refund
// routes, the desk's sale and the card path all throw these (the `code` beside each is stable).
export const MONEY_REFUSALS = {
  orderNotFound: 'Commande introuvable',
  paymentExceedsOwed: 'Le paiement dépasse ce qui reste dû sur cette commande',
  refundExceedsPaid: 'Le remboursement dépasse ce qui a été payé (et pas encore remboursé)',
  orderHasPayments: 'Cette commande a des paiements : remboursez-les avant de l’annuler',
  orderClosed: 'Cette commande est annulée, remboursée ou contestée : elle ne prend plus de paiement',
  cardFromStripeOnly: 'Un paiement par carte en ligne est enregistré par Stripe seulement ; au terminal de la salle, choisissez « terminal »',
  cardRefundUnavailable: 'Le remboursement par carte est indisponible',
  cardRefundFailed: 'Stripe a refusé le remboursement',
  cardRefundPending: 'Stripe n’a pas encore répondu : le remboursement reste en attente et sera repris (réessayez avec la même demande)',
  keyReused: 'Cette clé d’idempotence a servi à une autre demande',
  noSlip: 'Aucun justificatif pour cette commande',
} as const;
