import { useState } from 'react';
import { Field, Input } from '../components/ui/field';
import { PageHeader } from '../components/ui/page-header';
import { TrainersDay } from '../features/trainers/trainers-day';
import { gymToday } from '../lib/format';

/**
 * "Cours privés" (issue 37 point 5): every trainer's day (lessons and the classes they coach);
 * a lesson booked, moved or cancelled there (staff are not held to the notice). The desk's day
 * view shows the same for its date.
 */
export function LessonsDeskPage() {
  const [date, setDate] = useState(gymToday());
  return (
    <>
      <PageHeader title="Cours privés" subtitle="La journée de chaque entraîneur (heure du club) : réserver, déplacer ou annuler un cours" />
      <div className="mb-4 max-w-xs">
        <Field id="lessons-date" label="Jour">
          <Input id="lessons-date" type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </Field>
      </div>
      <TrainersDay date={date} />
    </>
  );
}
