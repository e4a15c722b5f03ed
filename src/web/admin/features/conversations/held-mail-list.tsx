import { ShieldAlert } from 'lucide-react';
import type { InboundFailureDto } from '../../../../shared/api-types';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useHeldMailAction } from './api';

// The e-mails the mailbox reader held back, on the Messages screen: a mail whose import failed is
// tried again by itself, then quarantined (after 3 tries, or at once when it overran the time to
// read it). Staff see why, and retry it or set it aside; each action goes to the audit log.

const STATUS_TEXT: Record<InboundFailureDto['status'], string> = {
  failing: 'nouvel essai automatique en cours',
  quarantined: 'mis en quarantaine',
  retry: 'nouvel essai demandé (à la prochaine lecture)',
  dismissed: 'écarté',
};

function describe(f: InboundFailureDto): string {
  const size = f.sizeBytes === null ? '' : `, ${Math.max(1, Math.round(f.sizeBytes / 1024))} Ko`;
  // A retry starts the count again from zero: "après 0 essai" would say nothing.
  const tries = f.attempts > 0 ? ` après ${f.attempts} essai${f.attempts > 1 ? 's' : ''}` : '';
  return `E-mail n° ${f.uid} de ${f.mailbox}${size} — ${STATUS_TEXT[f.status]}${tries}`;
}

export function HeldMailList({ failures }: { failures: InboundFailureDto[] }) {
  const run = useAction();
  const act = useHeldMailAction();
  if (failures.length === 0) return null;
  const perform = (f: InboundFailureDto, action: 'retry' | 'dismiss') =>
    run(() => act.mutateAsync({ id: f.id, action }), {
      success: action === 'retry' ? 'Nouvel essai à la prochaine lecture de la boîte.' : 'E-mail écarté : il ne sera pas importé.',
      failure: 'Action impossible pour le moment. Réessayez.',
    });
  return (
    <div data-testid="held-mail" className="mt-1 grid gap-2 border-t border-gray-200 pt-2">
      <p className="flex items-center gap-2 font-medium text-red-800">
        <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden />
        {failures.length === 1 ? '1 e-mail retenu' : `${failures.length} e-mails retenus`} : non importé{failures.length > 1 ? 's' : ''}, les suivants arrivent
        normalement.
      </p>
      <ul className="grid gap-2">
        {failures.map((f) => (
          <li key={f.id} data-testid="held-mail-row" className="grid gap-1 rounded border border-red-200 bg-red-50 px-3 py-2">
            <span className="wrap-anywhere text-gray-900">{describe(f)}</span>
            {f.messageId && <span className="wrap-anywhere text-xs text-gray-700">Message-ID : {f.messageId}</span>}
            <span className="wrap-anywhere text-xs text-gray-700">
              Raison : {f.lastError ?? 'inconnue'}
              {f.lastFailedAt ? ` (${formatDateTime(f.lastFailedAt)})` : ''}
            </span>
            {f.status !== 'retry' && (
              <span className="flex gap-2">
                <Button size="sm" variant="outline" pending={act.isPending} onClick={() => void perform(f, 'retry')}>
                  Réessayer
                </Button>
                <Button size="sm" variant="ghost" pending={act.isPending} onClick={() => void perform(f, 'dismiss')}>
                  Écarter
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
