import type { ErrorCode } from '../../../shared/error-codes';
import { ApiError } from '../../lib/api-client';

// The refusals about passes and orders, in French, by their code: the server writes them in
// English for the public site (whose pages translate them by the same codes), so the back office
// says them in its own words (the desk's words: "pass", "crédit", as desk/desk-passes.service.ts).
export const PASS_ERRORS_FR: Partial<Record<ErrorCode, string>> = {
  pass_not_found: 'Cette formule ou cette commande est introuvable.',
  pass_not_on_sale: 'Cette formule n’est plus en vente (Paramètres).',
  start_date_past: 'Le premier jour ne peut pas être avant aujourd’hui (heure de la salle).',
  start_date_too_far: 'Le premier jour peut être au plus dans un an.',
  contact_required: 'Indiquez un e-mail ou un téléphone.',
  promptpay_unavailable: 'PromptPay n’est pas configuré : renseignez l’identifiant PromptPay dans Paramètres.',
  card_unavailable: 'Le paiement par carte en ligne n’est pas disponible.',
  order_expired: 'Cette commande a expiré faute de paiement à temps : elle ne prend plus de paiement.',
  order_closed: 'Cette commande est annulée ou remboursée : elle ne prend plus de paiement.',
  receipt_unavailable: 'Cette commande n’a pas de reçu : elle n’est pas payée en totalité, ou elle a été remboursée, annulée ou contestée.',
  order_has_payments: 'Cette commande ne peut plus être annulée : de l’argent a été enregistré.',
  pass_not_paid: 'Ce pass n’est pas payé, ou n’est plus valable.',
  pass_not_covered: 'Ce pass ne couvre pas ce cours.',
  pass_out_of_dates: 'Ce cours est en dehors des jours du pass.',
  pass_day_used: 'Ce pass a déjà servi pour un cours ce jour-là (un cours par jour).',
  pass_slot_used: 'Ce pass tient déjà une place à cette heure-là.',
  pass_no_credit: 'Plus aucun crédit sur ce pass : rien n’a été réservé.',
  pass_week_full: 'Les séances de la semaine de ce programme sont toutes prises : rien n’a été réservé.',
  rooms_full: 'Plus aucune chambre de ce type pour une de ces nuits : rien n’a été pris.',
  room_type_unknown: 'Ce type de chambre n’existe pas (Hébergement).',
  too_many_guests: 'Ce type de chambre prend moins de personnes.',
  check_in_past: 'L’arrivée ne peut pas être avant aujourd’hui (heure de la salle).',
  stay_too_long: 'Un séjour dure 180 nuits au plus.',
  airport_unknown: 'Cet aéroport n’est pas dans Paramètres › Séjours.',
  pickup_in_past: 'L’heure d’atterrissage est déjà passée.',
  stay_change_closed: 'Les conditions ne permettent plus de changer les dates de ce séjour.',
  no_stay: 'Cette commande n’a pas de séjour.',
  discount_code_invalid: 'Code promo inconnu ou désactivé, ou il ne s’applique à rien de cette commande.',
  discount_code_expired: 'Ce code promo n’est pas valable ce jour-là (dates de validité, heure de la salle).',
  discount_code_used_up: 'Ce code promo n’a plus d’utilisation disponible (au total ou pour cette personne).',
  discount_code_taken: 'Un autre code porte déjà ce texte.',
};

/** The French sentence of a pass or order refusal, or null when the error is another one. */
export function passErrorFr(err: unknown): string | null {
  return (err instanceof ApiError && err.code && PASS_ERRORS_FR[err.code]) || null;
}
