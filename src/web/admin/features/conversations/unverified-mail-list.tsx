import { ShieldX } from 'lucide-react';
import type { HeldMailDto } from '../../../../shared/api-types';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useDismissUnverified } from './api';

// Mails whose sender the receiving server could not verify (INBOUND_TRUSTED_AUTHSERV: DMARC
// failed, or SPF and DKIM both): shown here with a warning, never in the customer's thread.

export function UnverifiedMailList({ held }: { held: HeldMailDto[] }) {
  const run = useAction();
  const dismiss = useDismissUnverified();
  if (held.length === 0) return null;
  return (
    <div data-testid="unverified-mail" className="mt-1 grid gap-2 border-t border-gray-200 pt-2">
      <p className="flex items-center gap-2 font-medium text-amber-900">
        <ShieldX className="h-4 w-4 shrink-0" aria-hidden />
        Expéditeur non vérifié : ces e-mails ne sont pas ajoutés aux conversations. L’adresse affichée peut être usurpée ; ne suivez pas leurs demandes sans
        vérifier auprès du client.
      </p>
      <ul className="grid gap-2">
        {held.map((h) => (
          <li key={h.id} data-testid="unverified-mail-row" className="grid gap-1 rounded border border-amber-300 bg-amber-50 px-3 py-2">
            <span className="wrap-anywhere text-gray-900">
              Se présente comme {h.fromName ? `${h.fromName} ` : ''}&lt;{h.fromAddress ?? 'inconnu'}&gt; — {h.subject || '(sans objet)'} —{' '}
              {formatDateTime(h.receivedAt)}
            </span>
            <span className="text-xs text-gray-700">Vérification : {h.reason}</span>
            <span className="line-clamp-3 text-xs wrap-anywhere whitespace-pre-line text-gray-800">{h.content}</span>
            <span>
              <Button
                size="sm"
                variant="ghost"
                pending={dismiss.isPending}
                onClick={() =>
                  void run(() => dismiss.mutateAsync(h.id), { success: 'E-mail retiré de la liste.', failure: 'Action impossible pour le moment. Réessayez.' })
                }
              >
                Retirer
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
