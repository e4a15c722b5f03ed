import { describe, expect, it } from 'vitest';
import { AUTH_REQUIRED, NO_SELF_DELETE } from '../../../shared/messages';
import { frenchServerMessage } from './server-messages';

// The back office's words for the server's generic English sentences, chosen by the answer's code.

describe('frenchServerMessage', () => {
  it('says an unauthorized answer in French, whatever its sentence', () => {
    expect(frenchServerMessage(AUTH_REQUIRED, 'unauthorized')).toBe('Votre session a expiré : reconnectez-vous.');
    expect(frenchServerMessage('Session ended', 'unauthorized')).toBe('Votre session a expiré : reconnectez-vous.');
  });

  it('keeps the sentence of a wrong password or an expired sign-in step (codes of their own)', () => {
    expect(frenchServerMessage('E-mail ou mot de passe incorrect', 'login_failed')).toBe('E-mail ou mot de passe incorrect');
    const expired = 'La connexion a expiré : saisissez à nouveau votre e-mail et votre mot de passe';
    expect(frenchServerMessage(expired, 'login_expired')).toBe(expired);
  });

  it('replaces only the generic English default of forbidden and not_found, not a route’s own French', () => {
    expect(frenchServerMessage('You do not have permission to do this', 'forbidden')).toBe("Vous n'avez pas l'autorisation de faire cela.");
    expect(frenchServerMessage('Not found', 'not_found')).toBe('Introuvable.');
    expect(frenchServerMessage(NO_SELF_DELETE, 'forbidden')).toBe(NO_SELF_DELETE);
    expect(frenchServerMessage('Article introuvable', 'not_found')).toBe('Article introuvable');
  });

  it('leaves an answer without a code as it is (not one of our API’s)', () => {
    expect(frenchServerMessage(AUTH_REQUIRED, null)).toBe(AUTH_REQUIRED);
  });
});
