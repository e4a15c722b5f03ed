import { HeartHandshake } from 'lucide-react';
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { useAction } from '../lib/use-action';
import type { Reservation } from '../lib/types';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Modal } from './ui/dialog';
import { Field, Textarea } from './ui/field';

// Mercy (issue 34 §5): a late cancel or a no-show may be forgiven once, with a reason; the
// pass's session comes back. Shown wherever staff see a booking (the list, its detail, the desk).

/** A booking staff may forgive: a late cancel, or a no-show of a booking still on; not yet forgiven. */
export const waivable = (r: Pick<Reservation, 'lateCancel' | 'attendance' | 'status' | 'waived'>): boolean =>
  !r.waived && (r.lateCancel === true || (r.attendance === 'no_show' && r.status !== 'cancelled'));

/** "Annulation tardive" / "Pardonnée" beside the booking's other badges. */
export function MercyBadges({ r }: { r: Pick<Reservation, 'lateCancel' | 'waived'> }) {
  return (
    <>
      {r.lateCancel && <Badge tone="yellow">Annulation tardive</Badge>}
      {r.waived && <Badge tone="gray" truncate>{`Pardonnée : ${r.waived.reason}`}</Badge>}
    </>
  );
}

/** "Pardonner": asks why, then PUT /api/reservations/{id}/waive. */
export function WaiveButton({ r, compact = false }: { r: Pick<Reservation, 'id' | 'name'>; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const run = useAction();
  const qc = useQueryClient();
  const submit = async () => {
    setBusy(true);
    await run(
      async () => {
        await apiRequest<Reservation>('PUT', `/api/reservations/${r.id}/waive`, { reason: reason.trim() });
        setOpen(false);
        setReason('');
        await Promise.all(
          [['/api/reservations'], ['/api/desk'], ['/api/dashboard-stats'], ['/api/customers']].map((queryKey) => qc.invalidateQueries({ queryKey })),
        );
      },
      { success: 'Pardonnée : la séance est rendue', failure: 'Impossible de pardonner cette réservation' },
    );
    setBusy(false);
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Pardonner : ${r.name}`} className={compact ? 'min-h-11' : undefined}>
        <HeartHandshake className="h-4 w-4" aria-hidden />
        Pardonner
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Pardonner ${r.name}`}
        description="La séance du pass est rendue une seule fois. La raison est gardée avec la réservation."
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) void submit();
          }}
        >
          <Field id={id} label="Raison">
            <Textarea id={id} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} required />
          </Field>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Retour
            </Button>
            <Button type="submit" pending={busy} disabled={!reason.trim()}>
              Pardonner
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
