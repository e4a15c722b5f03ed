import type { Attendance, ConversationStatus, ReservationStatus } from '../../../../shared/constants';
import { formatThb } from '../../../../shared/money';
import type { LedgerKind, OrderState, PaymentMethod } from '../../../../shared/ledger';
import type { BadgeTone } from '../../components/ui/badge';

/** An amount in satang as the back office shows it (French, baht sign). */
export const thb = (satang: number) => formatThb(satang, 'fr-FR');

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
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
export const ORDER_STATE_TONES: Record<OrderState, BadgeTone> = {
  'awaiting-payment': 'yellow',
  'deposit-paid': 'blue',
  paid: 'green',
  refunded: 'gray',
  expired: 'gray',
  cancelled: 'gray',
  'partly-refunded': 'green',
  overpaid: 'red',
  disputed: 'red',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  promptpay: 'PromptPay',
  card: 'Carte en ligne',
  cash: 'Espèces',
  terminal: 'Terminal de paiement',
  transfer: 'Virement',
};

export const BOOKING_STATUS_LABELS: Record<ReservationStatus, string> = { unread: 'Non lue', read: 'Lue', archived: 'Archivée', cancelled: 'Annulée' };
export const ATTENDANCE_LABELS: Record<Attendance, string> = { present: 'Présent', no_show: 'Absent' };
export const CONVERSATION_STATUS_LABELS: Record<ConversationStatus, string> = { new: 'Nouvelle', open: 'Ouverte', closed: 'Fermée' };

/** The French plural's "s" for a count. */
export const plural = (n: number) => (n > 1 ? 's' : '');

/** A ledger line's kind, as the client's history names it. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  payment: 'Paiement',
  refund: 'Remboursement',
  'refund-reversal': 'Remboursement échoué (revenu)',
  chargeback: 'Litige : argent repris',
  'chargeback-reversal': 'Litige : argent rendu',
};
