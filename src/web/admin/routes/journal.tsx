import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { FilterPanel, type FilterChip } from '../components/filter-panel';
import { Card } from '../components/ui/card';
import { Field, Input } from '../components/ui/field';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { NO_FILTERS, useAuditLog, type AuditFilters } from '../features/audit/api';
import { JournalEntry } from '../features/audit/journal-entry';
import { IconButton } from '../components/ui/icon-button';
import { formatGymDate } from '../lib/format';

const ALL = 'all';

export function JournalPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [text, setText] = useState('');
  const { data, isLoading, isError, isFetching } = useAuditLog(filters);
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const userOptions = [{ value: ALL, label: 'Tous les utilisateurs' }, ...(data?.users ?? []).map((u) => ({ value: String(u.id), label: u.email }))];
  const actionOptions = [{ value: ALL, label: 'Toutes les actions' }, ...(data?.actions ?? []).map((a) => ({ value: a, label: a }))];
  const userEmail = (id: string) => data?.users.find((u) => String(u.id) === id)?.email ?? id;
  const chips: FilterChip[] = [
    filters.userId && { key: 'user', label: userEmail(filters.userId), onRemove: () => set({ userId: '' }) },
    filters.action && { key: 'action', label: filters.action, onRemove: () => set({ action: '' }) },
    filters.from && { key: 'from', label: `Du ${formatGymDate(filters.from, { weekday: false })}`, onRemove: () => set({ from: '' }) },
    filters.to && { key: 'to', label: `Au ${formatGymDate(filters.to, { weekday: false })}`, onRemove: () => set({ to: '' }) },
  ].filter((c): c is FilterChip => Boolean(c));

  return (
    <>
      <PageHeader title="Journal" subtitle="Écritures du back-office, connexions et déconnexions, conservées un an" />
      {/* On a phone the text search stays in sight and the other filters fold behind "Filtres" (issue 46). */}
      <FilterPanel
        label="Filtres du journal"
        wideClassName="mb-6 grid gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
        onSubmit={() => set({ q: text })}
        chips={chips}
        onClear={() => set({ userId: '', action: '', from: '', to: '' })}
        resultLabel={data ? `Voir ${data.total} entrée${data.total > 1 ? 's' : ''}` : undefined}
        search={
          <Field id="journal-q" label="Texte">
            <div className="flex gap-2">
              <Input
                id="journal-q"
                type="search"
                placeholder="E-mail, adresse IP, route…"
                value={text}
                onChange={(e) => setText(e.target.value)}
                className="h-11 md:h-10"
              />
              <IconButton type="submit" variant="outline" label="Rechercher dans le journal" className="h-11 w-11 md:h-9 md:w-9">
                <Search className="h-4 w-4" aria-hidden />
              </IconButton>
            </div>
          </Field>
        }
        fields={
          <>
            <Field id="journal-user" label="Utilisateur">
              <Select id="journal-user" value={filters.userId || ALL} onValueChange={(v) => set({ userId: v === ALL ? '' : v })} options={userOptions} />
            </Field>
            <Field id="journal-action" label="Action">
              <Select id="journal-action" value={filters.action || ALL} onValueChange={(v) => set({ action: v === ALL ? '' : v })} options={actionOptions} />
            </Field>
            <Field id="journal-from" label="Du">
              <Input id="journal-from" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
            </Field>
            <Field id="journal-to" label="Au">
              <Input id="journal-to" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
            </Field>
          </>
        }
      />

      {isLoading && <Spinner />}
      {isError && <ErrorAlert>Impossible de charger le journal.</ErrorAlert>}
      {data && data.items.length === 0 && <EmptyState title="Aucune entrée ne correspond aux filtres" />}
      {data && data.items.length > 0 && (
        <>
          <p className="mb-3 text-sm text-gray-700" aria-live="polite" data-testid="journal-total">
            {data.total} entrée{data.total > 1 ? 's' : ''} · page {data.page} sur {pages}
          </p>
          <Card>
            <ul className="divide-y divide-gray-200" aria-label="Entrées du journal" aria-busy={isFetching}>
              {data.items.map((e) => (
                <JournalEntry key={e.id} entry={e} />
              ))}
            </ul>
          </Card>
          <nav className="mt-4 flex items-center justify-between gap-2" aria-label="Pages du journal">
            <Button variant="outline" disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })}>
              <ChevronLeft className="h-4 w-4" aria-hidden />
              Précédent
            </Button>
            <Button variant="outline" disabled={filters.page >= pages} onClick={() => set({ page: filters.page + 1 })}>
              Suivant
              <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
          </nav>
        </>
      )}
    </>
  );
}
