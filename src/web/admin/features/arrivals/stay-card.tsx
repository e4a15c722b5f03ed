import { useState, type FormEvent } from 'react';
import type { ArrivalsBoardDto, BoardStayDto } from '../../../../shared/api-types/arrivals';
import { formatThb } from '../../../../shared/money';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatGymDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useCheckIn, useCheckOut } from './api';

// One stay on the "Arrivées" board: the guest, the dates, the room (check-in gives it), the
// pickup and what the order still owes. Its actions sit at the card's foot, 44 px tall on a phone.

const money = (satang: number) => formatThb(satang, 'fr-FR');
const landing = (at: string) => `${formatGymDate(at.slice(0, 10))} à ${at.slice(11, 16)}`;

export function StayCard({ stay, rooms, kind }: { stay: BoardStayDto; rooms: ArrivalsBoardDto['rooms']; kind: 'arrival' | 'departure' | 'staying' }) {
  const choices = rooms.filter((r) => r.roomTypeId === stay.roomTypeId);
  const [roomId, setRoomId] = useState(String(stay.roomId ?? choices[0]?.id ?? ''));
  const checkIn = useCheckIn();
  const checkOut = useCheckOut();
  const run = useAction();
  const selectId = `room-${kind}-${stay.orderId}`;

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(() => checkIn.mutateAsync({ orderId: stay.orderId, roomId: Number(roomId) }), {
      success: stay.roomId ? 'Chambre changée' : 'Arrivée enregistrée',
      failure: 'Impossible d’enregistrer l’arrivée',
    });
  }

  return (
    <li className="rounded-md border border-gray-200 bg-white p-3 text-sm" data-testid="stay-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere text-gray-900">{stay.name}</p>
          <p className="text-gray-700">
            {stay.roomTypeName} · {stay.guests} pers. · du {formatGymDate(stay.checkIn)} au {formatGymDate(stay.checkOut)}
          </p>
          <p className="text-gray-700">
            Commande{' '}
            <a className="text-red-800 underline" href={`/admin/orders/${stay.orderId}`}>
              {stay.reference}
            </a>
            {stay.phone && (
              <>
                {' · '}
                <span className="whitespace-nowrap">{stay.phone}</span>
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {stay.roomLabel && <Badge tone="blue">Chambre {stay.roomLabel}</Badge>}
          {stay.checkedOutAt ? <Badge tone="gray">Parti</Badge> : stay.checkedInAt ? <Badge tone="green">Arrivé</Badge> : null}
          {stay.owedSatang > 0 ? <Badge tone="red">Reste dû {money(stay.owedSatang)}</Badge> : <Badge tone="green">Payé</Badge>}
        </div>
      </div>
      {stay.pickup && (
        <p className="mt-1 text-gray-800">
          Transfert {stay.pickup.airport} · {stay.pickup.flightNumber ? `vol ${stay.pickup.flightNumber}` : 'vol non indiqué'} · atterrissage{' '}
          {landing(stay.pickup.arrivesAt)}
        </p>
      )}
      {!stay.checkedOutAt && kind !== 'departure' && (
        <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
          <label htmlFor={selectId} className="sr-only">
            Chambre pour {stay.name}
          </label>
          <select
            id={selectId}
            className="h-11 min-w-24 flex-1 rounded-md border border-gray-300 bg-white px-2 sm:h-10 sm:flex-none"
            value={roomId}
            onChange={(e) => setRoomId(e.target.value)}
          >
            {choices.map((r) => (
              <option key={r.id} value={r.id}>
                Chambre {r.label}
              </option>
            ))}
          </select>
          <Button type="submit" size="md" className="h-11 sm:h-10" pending={checkIn.isPending} disabled={!choices.length}>
            {stay.roomId ? 'Changer de chambre' : 'Enregistrer l’arrivée'}
          </Button>
        </form>
      )}
      {stay.checkedInAt && !stay.checkedOutAt && kind !== 'arrival' && (
        <Button
          className="mt-2 h-11 w-full sm:h-10 sm:w-auto"
          variant="outline"
          pending={checkOut.isPending}
          onClick={() => void run(() => checkOut.mutateAsync(stay.orderId), { success: 'Départ enregistré', failure: 'Impossible d’enregistrer le départ' })}
        >
          Enregistrer le départ
        </Button>
      )}
    </li>
  );
}
