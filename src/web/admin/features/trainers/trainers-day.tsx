import { useState, type FormEvent } from 'react';
import { zonedToInstant } from '../../../../shared/gym-time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { EmptyState } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useDeskLessons, useLessonWrites } from './api';
import { gymTimeZone } from '../../../lib/gym-zone';
import { useAction } from '../../lib/use-action';

const at = (date: string, time: string) => zonedToInstant(date, time, gymTimeZone()).toISOString();

/**
 * Every active trainer's day on a gym date (the classes they coach and their lessons), with the
 * lesson's move and cancel, and the form that books one: on "Cours privés" and on the desk's day
 * (`quiet`: nothing at all while the gym has no trainer).
 */
export function TrainersDay({ date, quiet = false }: { date: string; quiet?: boolean }) {
  const day = useDeskLessons(date);
  const writes = useLessonWrites();
  const run = useAction();
  const [moving, setMoving] = useState<{ id: number; time: string; trainerId: number } | null>(null);
  const [form, setForm] = useState({ trainerId: 0, time: '10:00', minutes: 60, guests: 1, name: '', email: '', discipline: '' });
  const trainers = day.data?.trainers ?? [];

  const book = (e: FormEvent) => {
    e.preventDefault();
    const trainerId = form.trainerId || trainers[0]?.trainerId;
    if (!trainerId) return;
    void run(
      () =>
        writes.book({
          trainerId,
          startsAt: at(date, form.time),
          minutes: form.minutes,
          discipline: form.discipline.trim() || 'Muay Thai',
          name: form.name.trim(),
          email: form.email.trim(),
          language: 'en',
          guests: form.guests,
          method: 'desk',
        }),
      { success: 'Cours privé réservé (paiement au club)', failure: 'Le cours n’a pas pu être réservé' },
    );
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: ['trainerId', 'minutes', 'guests'].includes(k) ? Number(e.target.value) : e.target.value }));

  if (quiet && trainers.length === 0) return null;
  // Under the section's own heading on the desk.
  const Heading = quiet ? 'h3' : 'h2';
  return (
    <section aria-label={quiet ? 'Cours privés du jour' : undefined} className={quiet ? 'mt-8' : undefined}>
      {quiet && <h2 className="mb-3 text-xl font-semibold text-gray-900">Cours privés du jour</h2>}
      {day.isLoading && <Spinner />}
      {day.data && trainers.length === 0 && <EmptyState title="Aucun entraîneur actif" />}
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Entraîneurs">
        {trainers.map((t) => (
          <li key={t.trainerId}>
            <Card className="p-4" data-testid="desk-trainer">
              <Heading className="text-lg font-semibold text-gray-900">
                {t.name}
                {t.onLeave && <span className="ml-2 text-sm font-normal text-gray-600">(en congé)</span>}
              </Heading>
              <ul className="mt-2 grid gap-2">
                {t.classes.map((c) => (
                  <li key={`c${c.time}`} className="text-sm text-gray-700">
                    <span className="font-semibold tabular-nums">{c.time}</span> {c.className} (cours collectif)
                  </li>
                ))}
                {t.lessons.map((l) => (
                  <li key={l.id} className="grid gap-2 rounded-md border border-gray-200 p-2 text-sm" data-testid="desk-lesson">
                    <span>
                      <span className="font-semibold tabular-nums">{l.time}</span> {l.name}
                      {l.guests > 1 ? ' (+1)' : ''} · {l.discipline}, {l.minutes} min
                    </span>
                    {moving?.id === l.id ? (
                      <span className="flex flex-wrap items-end gap-2">
                        <Input
                          aria-label="Nouvelle heure"
                          type="time"
                          step={900}
                          value={moving.time}
                          onChange={(e) => setMoving({ ...moving, time: e.target.value })}
                          className="w-32"
                        />
                        <select
                          aria-label="Entraîneur"
                          className="rounded-md border border-gray-300 px-2 py-2"
                          value={moving.trainerId}
                          onChange={(e) => setMoving({ ...moving, trainerId: Number(e.target.value) })}
                        >
                          {trainers.map((x) => (
                            <option key={x.trainerId} value={x.trainerId}>
                              {x.name}
                            </option>
                          ))}
                        </select>
                        <Button
                          size="sm"
                          onClick={() =>
                            void run(() => writes.move(l.id, at(date, moving.time), moving.trainerId).then(() => setMoving(null)), {
                              success: 'Cours déplacé',
                              failure: 'Le cours n’a pas pu être déplacé',
                            })
                          }
                        >
                          Déplacer
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setMoving(null)}>
                          Fermer
                        </Button>
                      </span>
                    ) : (
                      <span className="flex gap-2">
                        <Button size="sm" variant="outline" onClick={() => setMoving({ id: l.id, time: l.time, trainerId: t.trainerId })}>
                          Déplacer…
                        </Button>
                        <Button
                          size="sm"
                          variant="destructive"
                          onClick={() =>
                            void run(() => writes.cancel(l.id), { success: 'Cours annulé (e-mail envoyé)', failure: 'Le cours n’a pas pu être annulé' })
                          }
                        >
                          Annuler le cours
                        </Button>
                      </span>
                    )}
                  </li>
                ))}
                {t.lessons.length === 0 && t.classes.length === 0 && <li className="text-sm text-gray-600">Rien de prévu.</li>}
              </ul>
            </Card>
          </li>
        ))}
      </ul>

      {trainers.length > 0 && (
        <Card className="mt-6 p-4">
          <h2 className="text-lg font-semibold text-gray-900">Réserver un cours privé ce jour</h2>
          <form onSubmit={book} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Réserver un cours privé">
            <Field id="book-trainer" label="Entraîneur">
              <select
                id="book-trainer"
                className="rounded-md border border-gray-300 px-2 py-2"
                value={form.trainerId || trainers[0]?.trainerId}
                onChange={set('trainerId')}
              >
                {trainers.map((x) => (
                  <option key={x.trainerId} value={x.trainerId}>
                    {x.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="book-time" label="Heure">
              <Input id="book-time" type="time" step={900} value={form.time} onChange={set('time')} />
            </Field>
            <Field id="book-minutes" label="Durée (minutes)">
              <select id="book-minutes" className="rounded-md border border-gray-300 px-2 py-2" value={form.minutes} onChange={set('minutes')}>
                <option value={60}>60</option>
                <option value={90}>90</option>
              </select>
            </Field>
            <Field id="book-guests" label="Personnes">
              <select id="book-guests" className="rounded-md border border-gray-300 px-2 py-2" value={form.guests} onChange={set('guests')}>
                <option value={1}>1</option>
                <option value={2}>2</option>
              </select>
            </Field>
            <Field id="book-name" label="Nom">
              <Input id="book-name" value={form.name} onChange={set('name')} required />
            </Field>
            <Field id="book-email" label="E-mail">
              <Input id="book-email" type="email" value={form.email} onChange={set('email')} required />
            </Field>
            <Field id="book-discipline" label="Discipline" hint="Une discipline de l’entraîneur">
              <Input id="book-discipline" value={form.discipline} onChange={set('discipline')} placeholder="Muay Thai" />
            </Field>
            <div className="flex items-end">
              <Button type="submit">Réserver (paiement au club)</Button>
            </div>
          </form>
        </Card>
      )}
    </section>
  );
}
