import { AUTH_REQUIRED } from '../../../shared/messages';

// The server's few generic English sentences, as the back office shows them (its screens are
// French). Every other server sentence the back office meets is French or a customer's text.
const FRENCH: Record<string, string> = {
  [AUTH_REQUIRED]: 'Votre session a expiré : reconnectez-vous.',
  'You do not have permission to do this': "Vous n'avez pas l'autorisation de faire cela.",
  'Not found': 'Introuvable.',
};

export function frenchServerMessage(_status: number, message: string): string {
  return FRENCH[message] ?? message;
}
