import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { RoomTypeDto } from '../../../shared/api-types/stays';
import { formatThb } from '../../../shared/money';
import { GALLERY_DEFAULT_CATEGORY } from '../../../shared/constants';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Field, Input } from '../components/ui/field';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useGallery, useUploadImage } from '../features/gallery/api';
import { useCloseRoom, useClosures, useReopenRoom, useRoomTypes } from '../features/stays/api';
import { RoomTypeDialog } from '../features/stays/room-type-dialog';
import { formatGymDate, gymToday } from '../lib/format';
import { useAction } from '../lib/use-action';

const price = (satang: number | null) => (satang == null ? '—' : formatThb(satang, 'fr-FR'));

/** "Hébergement" (issue 36 §1): room types, their rooms and rates, and rooms closed for repairs. */
export function StaysPage() {
  const { data, isLoading } = useRoomTypes();
  const [editing, setEditing] = useState<RoomTypeDto | 'new' | null>(null);
  const gallery = useGallery();
  const uploadImage = useUploadImage();
  const roomTypes = data?.roomTypes;

  async function uploadToGallery(file: File) {
    const title = file.name.replace(/\.[^.]+$/, '') || 'Chambre';
    return uploadImage.mutateAsync({ file, meta: { title, description: null, category: GALLERY_DEFAULT_CATEGORY }, onProgress: () => {} });
  }

  const create = (
    <Button onClick={() => setEditing('new')}>
      <Plus className="h-4 w-4" aria-hidden />
      Nouveau type de chambre
    </Button>
  );

  return (
    <>
      <PageHeader title="Hébergement" subtitle="Types de chambres, chambres, tarifs et fermetures pour travaux" actions={create} />
      {isLoading && <Spinner />}
      {roomTypes && roomTypes.length === 0 && <EmptyState title="Aucun type de chambre">{create}</EmptyState>}
      {roomTypes && roomTypes.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Types de chambres">
          {roomTypes.map((t) => (
            <li key={t.id}>
              <Card className="flex h-full flex-col gap-2 p-4" data-testid="room-type-card">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="text-lg font-semibold wrap-anywhere text-gray-900">{t.name}</h2>
                    <p className="text-sm text-gray-700">
                      {t.beds ? `${t.beds} · ` : ''}
                      {t.maxGuests} pers. au plus · {t.rooms} chambre{t.rooms > 1 ? 's' : ''}
                    </p>
                  </div>
                  <IconButton label={`Modifier le type de chambre ${t.name}`} size="tap" onClick={() => setEditing(t)}>
                    <Pencil className="h-4 w-4" aria-hidden />
                  </IconButton>
                </div>
                <p className="text-sm text-gray-800">
                  Nuit {price(t.nightlyPriceSatang)} · semaine {price(t.weeklyPriceSatang)} · mois {price(t.monthlyPriceSatang)}
                </p>
                {t.roomList.length > 0 && <p className="text-sm wrap-anywhere text-gray-700">Chambres : {t.roomList.map((r) => r.label).join(', ')}</p>}
                {t.photos.length > 0 && (
                  <div className="flex gap-2 overflow-x-auto">
                    {t.photos.map((url) => (
                      <img key={url} src={url} alt="" className="h-16 w-16 shrink-0 rounded-md object-cover" />
                    ))}
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {roomTypes && roomTypes.length > 0 && <Closures roomTypes={roomTypes} />}
      <RoomTypeDialog
        editing={editing}
        onClose={() => setEditing(null)}
        gallery={{ items: gallery.data, loading: gallery.isLoading, onUpload: uploadToGallery }}
      />
    </>
  );
}

/** Rooms closed for repairs: their nights are not sold. */
function Closures({ roomTypes }: { roomTypes: RoomTypeDto[] }) {
  const { data } = useClosures();
  const close = useCloseRoom();
  const reopen = useReopenRoom();
  const run = useAction();
  const rooms = roomTypes.flatMap((t) => t.roomList.map((r) => ({ id: r.id, label: `${t.name} · ${r.label}` })));
  const [roomId, setRoomId] = useState('');
  const [firstNight, setFirstNight] = useState(gymToday());
  const [lastNight, setLastNight] = useState(gymToday());
  const [reason, setReason] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(() => close.mutateAsync({ roomId: Number(roomId || rooms[0]?.id), firstNight, lastNight, reason }), {
      success: 'Chambre fermée',
      failure: 'Impossible de fermer la chambre',
    });
  }

  return (
    <section className="mt-8" aria-labelledby="closures-title">
      <h2 id="closures-title" className="mb-3 text-lg font-semibold text-gray-900">
        Fermetures pour travaux
      </h2>
      <form onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <Field id="closure-room" label="Chambre">
          <select
            id="closure-room"
            className="h-11 rounded-md border border-gray-300 bg-white px-2 text-sm md:h-10"
            value={roomId || String(rooms[0]?.id ?? '')}
            onChange={(e) => setRoomId(e.target.value)}
          >
            {rooms.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="closure-first" label="Première nuit">
          <Input id="closure-first" className="h-11 md:h-10" type="date" value={firstNight} onChange={(e) => setFirstNight(e.target.value)} />
        </Field>
        <Field id="closure-last" label="Dernière nuit">
          <Input id="closure-last" className="h-11 md:h-10" type="date" value={lastNight} onChange={(e) => setLastNight(e.target.value)} />
        </Field>
        <Field id="closure-reason" label="Motif">
          <Input id="closure-reason" className="h-11 md:h-10" value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <Button type="submit" className="h-11 md:h-10" pending={close.isPending}>
          Fermer la chambre
        </Button>
      </form>
      <ul className="mt-4 grid gap-2" aria-label="Fermetures">
        {(data?.closures ?? []).map((c) => {
          const type = roomTypes.find((t) => t.id === c.roomTypeId);
          return (
            <li key={c.id} className="flex items-center justify-between gap-2 rounded-md border border-gray-200 bg-white p-3 text-sm">
              <span className="min-w-0 wrap-anywhere">
                {type?.name} · {c.roomLabel} : du {formatGymDate(c.firstNight)} au {formatGymDate(c.lastNight)} (nuits comprises)
                {c.reason ? ` · ${c.reason}` : ''}
              </span>
              <IconButton
                label={`Rouvrir la chambre ${c.roomLabel}`}
                size="tap"
                className="text-red-700 hover:bg-red-50"
                onClick={() => void run(() => reopen.mutateAsync(c.id), { success: 'Chambre rouverte', failure: 'Impossible de rouvrir la chambre' })}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </IconButton>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
