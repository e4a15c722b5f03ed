import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TrainerDto } from '../../../../shared/api-types/trainers';
import { LANGUAGES } from '../../../../shared/i18n/languages';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, Textarea } from '../../components/ui/field';
import { useAction } from '../../lib/use-action';
import { useTrainerWrites } from './api';

const WEEKDAYS = ['', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];
const list = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
const selectClass = 'rounded-md border border-gray-300 px-2 py-2 text-sm';

type Window = { weekday: number; from: string; to: string };
type Exception = { date: string; from: string; to: string; off: boolean };

/** A trainer's card (new or existing): who they are, their pay share, their account, their calendar feed. */
export function TrainerEditor({ trainer, onDone }: { trainer: TrainerDto | null; onDone: () => void }) {
  const writes = useTrainerWrites();
  const run = useAction();
  const [f, setF] = useState({
    name: trainer?.name ?? '',
    photoUrl: trainer?.photoUrl ?? '',
    disciplines: trainer?.disciplines.join(', ') ?? '',
    languages: trainer?.languages.join(', ') ?? '',
    bio: { ...(trainer?.bio ?? {}) },
    userId: trainer?.userId ? String(trainer.userId) : '',
    onLeave: trainer?.onLeave ?? false,
    active: trainer?.active ?? true,
    shareMode: trainer?.share.mode ?? 'percent',
    shareValue: String(trainer ? (trainer.share.mode === 'fixed' ? trainer.share.value / 100 : trainer.share.value) : 0),
  });
  const save = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(f.shareValue);
    void run(
      () =>
        writes.save(trainer?.id ?? null, {
          name: f.name.trim(),
          photoUrl: f.photoUrl.trim() || null,
          disciplines: list(f.disciplines),
          languages: list(f.languages),
          bio: Object.fromEntries(Object.entries(f.bio).filter(([, v]) => v?.trim())),
          userId: f.userId ? Number(f.userId) : null,
          onLeave: f.onLeave,
          active: f.active,
          // A fixed share is typed in baht, stored in satang.
          share: { mode: f.shareMode, value: f.shareMode === 'fixed' ? Math.round(value * 100) : Math.round(value) },
          ...(trainer ? { version: trainer.version } : {}),
        }),
      { success: 'Entraîneur enregistré', failure: 'L’entraîneur n’a pas pu être enregistré' },
    ).then((r) => r && onDone());
  };
  const text = (k: 'name' | 'photoUrl' | 'disciplines' | 'languages' | 'userId' | 'shareValue') => (e: { target: { value: string } }) =>
    setF((x) => ({ ...x, [k]: e.target.value }));
  return (
    <Card className="p-4">
      <form onSubmit={save} className="grid gap-3 md:grid-cols-2" aria-label={trainer ? `Modifier ${trainer.name}` : 'Nouvel entraîneur'}>
        <Field id="tr-name" label="Nom">
          <Input id="tr-name" value={f.name} onChange={text('name')} required />
        </Field>
        <Field id="tr-photo" label="Photo (URL de la galerie)">
          <Input id="tr-photo" value={f.photoUrl} onChange={text('photoUrl')} placeholder="/uploads/gallery/…-800.webp" />
        </Field>
        <Field id="tr-disciplines" label="Disciplines" hint="Noms des cours, séparés par des virgules (Muay Thai, BJJ)">
          <Input id="tr-disciplines" value={f.disciplines} onChange={text('disciplines')} />
        </Field>
        <Field id="tr-languages" label="Langues parlées" hint="Séparées par des virgules">
          <Input id="tr-languages" value={f.languages} onChange={text('languages')} />
        </Field>
        {LANGUAGES.map((l) => (
          <Field key={l} id={`tr-bio-${l}`} label={`Biographie (${l})`}>
            <Textarea id={`tr-bio-${l}`} rows={2} value={f.bio[l] ?? ''} onChange={(e) => setF((x) => ({ ...x, bio: { ...x.bio, [l]: e.target.value } }))} />
          </Field>
        ))}
        <Field id="tr-share-mode" label="Part de l’entraîneur">
          <select
            id="tr-share-mode"
            className={selectClass}
            value={f.shareMode}
            onChange={(e) => setF((x) => ({ ...x, shareMode: e.target.value as 'percent' | 'fixed' }))}
          >
            <option value="percent">Pourcentage du prix du cours</option>
            <option value="fixed">Montant fixe par cours</option>
          </select>
        </Field>
        <Field id="tr-share-value" label={f.shareMode === 'percent' ? 'Pourcentage (%)' : 'Montant par cours (baht)'}>
          <Input id="tr-share-value" inputMode="decimal" value={f.shareValue} onChange={text('shareValue')} />
        </Field>
        <Field id="tr-user" label="Compte de l’entraîneur (n°)" hint="Un compte au rôle « Entraîneur » (Utilisateurs) ; vide : aucun">
          <Input id="tr-user" inputMode="numeric" value={f.userId} onChange={text('userId')} />
        </Field>
        <div className="flex flex-wrap items-center gap-6 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={f.onLeave} onChange={(e) => setF((x) => ({ ...x, onLeave: e.target.checked }))} /> En congé (hors des créneaux)
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={f.active} onChange={(e) => setF((x) => ({ ...x, active: e.target.checked }))} /> Affiché sur le site
          </label>
        </div>
        <div className="flex gap-2 md:col-span-2">
          <Button type="submit">Enregistrer</Button>
          <Button variant="ghost" onClick={onDone}>
            Fermer
          </Button>
        </div>
      </form>
      {trainer && <FeedControls trainer={trainer} />}
      {trainer && <AvailabilityEditor trainer={trainer} />}
    </Card>
  );
}

function FeedControls({ trainer }: { trainer: TrainerDto }) {
  const writes = useTrainerWrites();
  const run = useAction();
  const set = (on: boolean) =>
    void run(() => writes.save(trainer.id, { calendarFeed: on }), { success: on ? 'Nouvelle adresse d’agenda' : 'Agenda révoqué', failure: 'Échec' });
  return (
    <div className="mt-4 border-t border-gray-200 pt-4 text-sm">
      <h3 className="font-semibold text-gray-900">Agenda privé de l’entraîneur</h3>
      <p className="mt-1 font-mono break-all" data-testid="trainer-feed-url">
        {trainer.calendarFeedUrl ?? 'Aucun (révoqué)'}
      </p>
      <div className="mt-2 flex gap-2">
        <Button size="sm" variant="outline" onClick={() => set(true)}>
          Nouvelle adresse
        </Button>
        {trainer.calendarFeedUrl && (
          <Button size="sm" variant="destructive" onClick={() => set(false)}>
            Révoquer
          </Button>
        )}
      </div>
    </div>
  );
}

/** Weekly windows (gym time) and dated exceptions, saved together. */
function AvailabilityEditor({ trainer }: { trainer: TrainerDto }) {
  const writes = useTrainerWrites();
  const run = useAction();
  const [windows, setWindows] = useState<Window[]>(trainer.availability.windows);
  const [exceptions, setExceptions] = useState<Exception[]>(
    trainer.availability.exceptions.map((e) => ({ date: e.date, from: e.from ?? '', to: e.to ?? '', off: e.off })),
  );
  const save = () =>
    void run(
      () =>
        writes.availability(trainer.id, {
          windows,
          exceptions: exceptions.map((e) => ({ date: e.date, off: e.off, ...(e.from && e.to ? { from: e.from, to: e.to } : {}) })),
        }),
      { success: 'Disponibilités enregistrées', failure: 'Les disponibilités n’ont pas pu être enregistrées' },
    );
  return (
    <div className="mt-4 border-t border-gray-200 pt-4 text-sm" aria-label="Disponibilités">
      <h3 className="font-semibold text-gray-900">Disponibilités (heure du club)</h3>
      <ul className="mt-2 grid gap-2">
        {windows.map((w, i) => (
          <li key={i} className="flex flex-wrap items-center gap-2">
            <select
              aria-label="Jour"
              className={selectClass}
              value={w.weekday}
              onChange={(e) => setWindows((l) => l.map((x, k) => (k === i ? { ...x, weekday: Number(e.target.value) } : x)))}
            >
              {WEEKDAYS.slice(1).map((d, k) => (
                <option key={d} value={k + 1}>
                  {d}
                </option>
              ))}
            </select>
            <Input
              aria-label="De"
              type="time"
              className="w-32"
              value={w.from}
              onChange={(e) => setWindows((l) => l.map((x, k) => (k === i ? { ...x, from: e.target.value } : x)))}
            />
            <Input
              aria-label="À"
              type="time"
              className="w-32"
              value={w.to}
              onChange={(e) => setWindows((l) => l.map((x, k) => (k === i ? { ...x, to: e.target.value } : x)))}
            />
            <Button size="sm" variant="ghost" aria-label="Retirer la plage" onClick={() => setWindows((l) => l.filter((_, k) => k !== i))}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <Button size="sm" variant="outline" className="mt-2" onClick={() => setWindows((l) => [...l, { weekday: 1, from: '08:00', to: '12:00' }])}>
        <Plus className="h-4 w-4" aria-hidden /> Plage hebdomadaire
      </Button>
      <h4 className="mt-4 font-semibold text-gray-900">Exceptions (congés, heures en plus)</h4>
      <ul className="mt-2 grid gap-2">
        {exceptions.map((x, i) => (
          <li key={i} className="flex flex-wrap items-center gap-2">
            <Input
              aria-label="Date"
              type="date"
              className="w-44"
              value={x.date}
              onChange={(e) => setExceptions((l) => l.map((y, k) => (k === i ? { ...y, date: e.target.value } : y)))}
            />
            <Input
              aria-label="De"
              type="time"
              className="w-32"
              value={x.from}
              onChange={(e) => setExceptions((l) => l.map((y, k) => (k === i ? { ...y, from: e.target.value } : y)))}
            />
            <Input
              aria-label="À"
              type="time"
              className="w-32"
              value={x.to}
              onChange={(e) => setExceptions((l) => l.map((y, k) => (k === i ? { ...y, to: e.target.value } : y)))}
            />
            <label className="inline-flex items-center gap-1">
              <input type="checkbox" checked={x.off} onChange={(e) => setExceptions((l) => l.map((y, k) => (k === i ? { ...y, off: e.target.checked } : y)))} />{' '}
              Indisponible
            </label>
            <Button size="sm" variant="ghost" aria-label="Retirer l’exception" onClick={() => setExceptions((l) => l.filter((_, k) => k !== i))}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <Button size="sm" variant="outline" className="mt-2" onClick={() => setExceptions((l) => [...l, { date: '', from: '', to: '', off: true }])}>
        <Plus className="h-4 w-4" aria-hidden /> Exception
      </Button>
      <div className="mt-3">
        <Button size="sm" onClick={save}>
          Enregistrer les disponibilités
        </Button>
      </div>
    </div>
  );
}
