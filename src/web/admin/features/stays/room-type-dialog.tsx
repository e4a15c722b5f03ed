import { ImageIcon, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { RoomTypeDto } from '../../../../shared/api-types/stays';
import { LANGUAGE_NAMES_FR, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../../../shared/i18n/languages';
import type { RoomTypeTranslations } from '../../../../shared/schemas/stays';
import { GalleryPicker } from '../../components/gallery-picker';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/field';
import type { GalleryItem } from '../../lib/types';
import { useAction } from '../../lib/use-action';
import { useSaveRoomType } from './api';

export interface GallerySource {
  items: GalleryItem[] | undefined;
  loading: boolean;
  onUpload: (file: File) => Promise<GalleryItem>;
}

interface FormState {
  name: string;
  description: string;
  beds: string;
  maxGuests: string;
  /** The rooms' numbers or names, one per line. */
  labels: string;
  nightly: string;
  weekly: string;
  monthly: string;
  photos: string[];
  translations: RoomTypeTranslations;
}

const baht = (satang: number | null) => (satang == null ? '' : String(satang / 100));
/** Whole baht typed by staff, in satang; null when empty, NaN when not a whole number. */
const satang = (text: string): number | null => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) * 100 : Number.NaN);

const initial = (t: RoomTypeDto | null): FormState => ({
  name: t?.name ?? '',
  description: t?.description ?? '',
  beds: t?.beds ?? '',
  maxGuests: String(t?.maxGuests ?? 2),
  labels: t ? t.roomList.map((r) => r.label).join('\n') : '1',
  nightly: baht(t?.nightlyPriceSatang ?? null),
  weekly: baht(t?.weeklyPriceSatang ?? null),
  monthly: baht(t?.monthlyPriceSatang ?? null),
  photos: t?.photos ?? [],
  translations: t?.translations ?? {},
});

/** Creates or edits a room type: texts (English, then the other languages), beds, rooms, rates in baht, photos from the gallery. */
export function RoomTypeDialog({ editing, onClose, gallery }: { editing: RoomTypeDto | 'new' | null; onClose: () => void; gallery: GallerySource }) {
  const current = editing === 'new' || editing === null ? null : editing;
  const [form, setForm] = useState<FormState>(initial(current));
  const [error, setError] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const save = useSaveRoomType();
  const run = useAction();

  useEffect(() => {
    setForm(initial(editing === 'new' || editing === null ? null : editing));
    setError(null);
  }, [editing]);

  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const setTranslation = (l: TranslatedLanguage, key: 'name' | 'description', value: string) =>
    setForm((f) => ({ ...f, translations: { ...f.translations, [l]: { ...f.translations[l], [key]: value } } }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const labels = form.labels
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const prices = { nightlyPriceSatang: satang(form.nightly), weeklyPriceSatang: satang(form.weekly), monthlyPriceSatang: satang(form.monthly) };
    if (Object.values(prices).some((p) => Number.isNaN(p))) return setError('Les prix s’écrivent en bahts entiers (ex. 1200).');
    if (prices.nightlyPriceSatang === null) return setError('Le prix par nuit est requis.');
    const data = {
      name: form.name,
      description: form.description,
      beds: form.beds,
      maxGuests: Number(form.maxGuests),
      rooms: labels.length,
      roomLabels: labels,
      nightlyPriceSatang: prices.nightlyPriceSatang,
      weeklyPriceSatang: prices.weeklyPriceSatang,
      monthlyPriceSatang: prices.monthlyPriceSatang,
      photos: form.photos,
      translations: form.translations,
    };
    void run(
      async () => {
        await save.mutateAsync({ id: current?.id ?? null, data: current ? { ...data, version: current.version } : data });
        onClose();
      },
      { success: current ? 'Type de chambre mis à jour' : 'Type de chambre créé', failure: 'Impossible d’enregistrer le type de chambre', onError: setError },
    );
  }

  return (
    <Modal open={editing !== null} onOpenChange={(o) => !o && onClose()} title={current ? 'Modifier le type de chambre' : 'Nouveau type de chambre'}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field id="room-name" label="Nom (anglais)">
          <Input id="room-name" value={form.name} onChange={(e) => set({ name: e.target.value })} required />
        </Field>
        <Field id="room-description" label="Description (anglais)">
          <Textarea id="room-description" rows={3} value={form.description} onChange={(e) => set({ description: e.target.value })} />
        </Field>
        <details className="rounded-md border border-gray-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-gray-900">Traductions</summary>
          <div className="mt-3 grid gap-3">
            {TRANSLATED_LANGUAGES.map((l) => (
              <fieldset key={l} className="grid gap-2">
                <legend className="text-sm font-medium text-gray-800">{LANGUAGE_NAMES_FR[l]}</legend>
                <Input
                  aria-label={`Nom (${LANGUAGE_NAMES_FR[l]})`}
                  value={form.translations[l]?.name ?? ''}
                  onChange={(e) => setTranslation(l, 'name', e.target.value)}
                />
                <Textarea
                  aria-label={`Description (${LANGUAGE_NAMES_FR[l]})`}
                  rows={2}
                  value={form.translations[l]?.description ?? ''}
                  onChange={(e) => setTranslation(l, 'description', e.target.value)}
                />
              </fieldset>
            ))}
          </div>
        </details>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field id="room-beds" label="Lits" hint="Ex. 1 lit double">
            <Input id="room-beds" value={form.beds} onChange={(e) => set({ beds: e.target.value })} />
          </Field>
          <Field id="room-guests" label="Personnes au plus">
            <Input id="room-guests" type="number" inputMode="numeric" min={1} value={form.maxGuests} onChange={(e) => set({ maxGuests: e.target.value })} />
          </Field>
        </div>
        <Field id="room-labels" label="Chambres (un numéro ou un nom par ligne)">
          <Textarea id="room-labels" rows={3} value={form.labels} onChange={(e) => set({ labels: e.target.value })} />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Field id="room-nightly" label="Prix par nuit (฿)">
            <Input id="room-nightly" inputMode="numeric" value={form.nightly} onChange={(e) => set({ nightly: e.target.value })} />
          </Field>
          <Field id="room-weekly" label="À la semaine (7 nuits, ฿)" hint="Facultatif">
            <Input id="room-weekly" inputMode="numeric" value={form.weekly} onChange={(e) => set({ weekly: e.target.value })} />
          </Field>
          <Field id="room-monthly" label="Au mois (30 nuits, ฿)" hint="Facultatif">
            <Input id="room-monthly" inputMode="numeric" value={form.monthly} onChange={(e) => set({ monthly: e.target.value })} />
          </Field>
        </div>
        <div className="grid gap-2">
          <span className="text-sm font-medium text-gray-900">Photos</span>
          {form.photos.length > 0 && (
            <ul className="grid grid-cols-3 gap-2">
              {form.photos.map((url) => (
                <li key={url} className="relative">
                  <img src={url} alt="" className="aspect-square w-full rounded-md border border-gray-200 object-cover" />
                  <button
                    type="button"
                    aria-label="Retirer la photo"
                    className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-gray-900"
                    onClick={() => set({ photos: form.photos.filter((p) => p !== url) })}
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div>
            <Button variant="outline" size="sm" onClick={() => setPickerOpen(true)}>
              <ImageIcon className="h-4 w-4" aria-hidden />
              Ajouter depuis la galerie
            </Button>
          </div>
        </div>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" pending={save.isPending}>
            {current ? 'Enregistrer' : 'Créer'}
          </Button>
        </div>
      </form>
      <GalleryPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        items={gallery.items}
        loading={gallery.loading}
        onUpload={gallery.onUpload}
        onPick={(item) => {
          if (item.imageUrl && !form.photos.includes(item.imageUrl)) set({ photos: [...form.photos, item.imageUrl] });
          setPickerOpen(false);
        }}
      />
    </Modal>
  );
}
