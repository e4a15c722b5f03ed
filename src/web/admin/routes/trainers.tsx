import { Download, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import type { TrainerDto } from '../../../shared/api-types/trainers';
import { toCsv } from '../../../shared/csv';
import { formatThb } from '../../../shared/money';
import { DataList } from '../components/data-list';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Field, Input } from '../components/ui/field';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useTrainerReport, useTrainers } from '../features/trainers/api';
import { TrainerEditor } from '../features/trainers/trainer-editor';
import { downloadCsv } from '../lib/download';
import { gymToday } from '../lib/format';

const baht = (satang: number) => formatThb(satang, 'fr-FR');

/** "Entraîneurs" (issue 37): the trainers' cards, availability and calendar feed, and the monthly report that pays them. */
export function TrainersPage() {
  const { data, isLoading } = useTrainers();
  const [editing, setEditing] = useState<TrainerDto | 'new' | null>(null);
  const trainers = data?.trainers;
  const create = (
    <Button onClick={() => setEditing('new')}>
      <Plus className="h-4 w-4" aria-hidden />
      Nouvel entraîneur
    </Button>
  );
  return (
    <>
      <PageHeader title="Entraîneurs" subtitle="Cours privés : les fiches, les disponibilités, l’agenda privé et la paie du mois" actions={create} />
      {isLoading && <Spinner />}
      {editing && <TrainerEditor key={editing === 'new' ? 'new' : editing.id} trainer={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {trainers && trainers.length === 0 && !editing && <EmptyState title="Aucun entraîneur">{create}</EmptyState>}
      {trainers && trainers.length > 0 && (
        <ul className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Entraîneurs">
          {trainers.map((t) => (
            <li key={t.id}>
              <Card className="flex items-start justify-between gap-2 p-4" data-testid="trainer-card">
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold text-gray-900">{t.name}</h2>
                  <p className="text-sm text-gray-700">
                    {t.disciplines.join(', ') || '—'} · {t.availability.windows.length} plage{t.availability.windows.length > 1 ? 's' : ''}
                    {t.onLeave ? ' · en congé' : ''}
                    {t.active ? '' : ' · masqué'}
                  </p>
                </div>
                <IconButton label={`Modifier ${t.name}`} size="tap" onClick={() => setEditing(t)}>
                  <Pencil className="h-4 w-4" aria-hidden />
                </IconButton>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <MonthlyReport />
    </>
  );
}

function MonthlyReport() {
  const [month, setMonth] = useState(gymToday().slice(0, 7));
  const { data } = useTrainerReport(month);
  const exportCsv = () => {
    if (!data) return;
    const rows = data.trainers.map((r) => [
      r.name,
      r.lessonsTaught,
      r.noShows,
      r.cancelled,
      (r.revenueSatang / 100).toFixed(2),
      r.share.mode === 'percent' ? `${r.share.value} %` : `${(r.share.value / 100).toFixed(2)} THB / cours`,
      (r.shareSatang / 100).toFixed(2),
    ]);
    downloadCsv(`entraineurs-${month}.csv`, toCsv(['Entraîneur', 'Cours donnés', 'Absents', 'Annulés', 'Chiffre (THB)', 'Part', 'À payer (THB)'], rows));
  };
  return (
    <Card className="mt-6 p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">Paie du mois</h2>
        <div className="flex items-end gap-2">
          <Field id="report-month" label="Mois">
            <Input id="report-month" className="h-11 md:h-10" type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
          </Field>
          <Button variant="outline" className="h-11 md:h-10" onClick={exportCsv} disabled={!data}>
            <Download className="h-4 w-4" aria-hidden /> CSV
          </Button>
        </div>
      </div>
      {data && (
        <div className="mt-3">
          <DataList
            label="Paie du mois par entraîneur"
            testId="trainer-report"
            rows={data.trainers}
            rowKey={(r) => r.trainerId}
            columns={[
              { key: 'name', header: 'Entraîneur', cell: (r) => r.name },
              { key: 'taught', header: 'Cours donnés', numeric: true, cell: (r) => r.lessonsTaught },
              { key: 'absent', header: 'Absents', numeric: true, cell: (r) => r.noShows },
              { key: 'revenue', header: 'Chiffre', numeric: true, cell: (r) => baht(r.revenueSatang) },
              { key: 'share', header: 'À payer', numeric: true, cell: (r) => <span className="font-semibold">{baht(r.shareSatang)}</span> },
            ]}
          />
        </div>
      )}
    </Card>
  );
}
