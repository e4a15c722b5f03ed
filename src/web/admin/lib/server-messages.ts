import type { ErrorCode } from '../../../shared/error-codes';

// The server's generic English sentences, as the back office shows them (its screens are
// French); every other server sentence the back office meets is French or a customer's text.
// Chosen by the answer's code. `unauthorized` answers are all "Authentication required" (a wrong
// password or an expired sign-in step has a code of its own).
const BY_CODE: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'Votre session a expiré : reconnectez-vous.',
};

// `forbidden` and `not_found` answers mostly carry a French sentence of the route's own
// ("Article introuvable"): only their generic English defaults are replaced.
const GENERIC: Partial<Record<ErrorCode, [english: string, french: string]>> = {
  forbidden: ['You do not have permission to do this', "Vous n'avez pas l'autorisation de faire cela."],
  not_found: ['Not found', 'Introuvable.'],
};

export function frenchServerMessage(message: string, code: ErrorCode | null): string {
  if (!code) return message;
  const generic = GENERIC[code];
  return BY_CODE[code] ?? (generic && generic[0] === message ? generic[1] : message);
}
