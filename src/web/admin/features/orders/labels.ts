import { type PassKind } from '../../../../shared/catalogue';
import { ORDER_METHODS, ORDER_STATES, type OrderMethod, type OrderState, type PaymentMethod } from '../../../../shared/ledger';
import type { BadgeTone } from '../../components/ui/badge';

// The words of the orders screens (French, like the rest of the back office).

export const STATE_LABELS: Record<OrderState, string> = {
  'awaiting-payment': 'En attente de paiement',
  'deposit-paid': 'Acompte payé',
  paid: 'Payée',
  refunded: 'Remboursée',
  expired: 'Expirée',
  cancelled: 'Annulée',
  'partly-refunded': 'Partiellement remboursée',
  overpaid: 'Trop-perçu',
  disputed: 'Contestée (litige)',
};

export const STATE_TONES: Record<OrderState, BadgeTone> = {
  'awaiting-payment': 'yellow',
  'deposit-paid': 'blue',
  paid: 'green',
  refunded: 'purple',
  expired: 'gray',
  cancelled: 'gray',
  'partly-refunded': 'green',
  overpaid: 'red',
  disputed: 'red',
};

/** How the buyer chose to pay (the order's method). */
export const ORDER_METHOD_LABELS: Record<OrderMethod, string> = { promptpay: 'PromptPay', card: 'Carte (en ligne)', desk: 'À l’accueil' };

/** How money actually moved (a ledger line's method). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  promptpay: 'PromptPay',
  card: 'Carte (en ligne)',
  cash: 'Espèces',
  terminal: 'Terminal de paiement',
  transfer: 'Virement',
};

/** What a desk sale may be paid with at once (POST /api/desk/orders). */
export const DESK_SALE_METHODS = ['cash', 'terminal', 'transfer'] as const satisfies readonly PaymentMethod[];
export type DeskSaleMethod = (typeof DESK_SALE_METHODS)[number];

export const KIND_LABELS: Record<PassKind, string> = {
  single: 'Une séance',
  day: 'Une journée illimitée',
  'days-single': 'Une séance par jour',
  'days-unlimited': 'Illimité',
  private: 'Cours particulier',
  programme: 'Programme long séjour',
};

/** A filter's "any" value (the selects need one). */
export const ALL = 'all';

export const STATE_OPTIONS = [{ value: ALL, label: 'Tous les statuts' }, ...ORDER_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))];
export const METHOD_OPTIONS = [{ value: ALL, label: 'Tous les moyens' }, ...ORDER_METHODS.map((m) => ({ value: m, label: ORDER_METHOD_LABELS[m] }))];
