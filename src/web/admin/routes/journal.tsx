import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useState } from 'react';
import type { AuditEntryDto } from '../../../shared/api-types';
import { ErrorAlert } from '../components/ui/alert';
import { Badge, type BadgeTone } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Field, Input } from '../components/ui/field';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { NO_FILTERS, useAuditLog, type AuditFilters } from '../features/audit/api';
import { formatDateTime } from '../lib/format';
import { IconButton } from '../components/ui/icon-button';

const ALL = 'all';

// POST is many things (a creation, a reply, an erasure): named by what it is where it matters.
const METHOD_LABELS: Record<string, string> = { POST: 'Action', PUT: 'Modification', PATCH: 'Modification', DELETE: 'Suppression', GET: 'Consultation' };
const METHOD_TONES: Record<string, BadgeTone> = { POST: 'green', PUT: 'blue', PATCH: 'blue', DELETE: 'purple', GET: 'gray' };
const ROUTE_LABELS: Record<string, string> = { '/api/auth/logout': 'Déconnexion', '/api/personal-data/erase': 'Effacement' };

/** Sign-in, sign-out and erasure read better in words than as routes; a failed sign-in stands out. */
function action(e: Pick<AuditEntryDto, 'method' | 'route' | 'status'>): { label: string; tone: BadgeTone } {
  if (e.route === '/api/auth/login') return e.status < 400 ? { label: 'Connexion', tone: 'green' } : { label: 'Connexion échouée', tone: 'red' };
  return { label: ROUTE_LABELS[e.route] ?? METHOD_LABELS[e.method] ?? e.method, tone: METHOD_TONES[e.method] ?? 'gray' };
}

const statusTone = (status: number): BadgeTone => (status < 300 ? 'green' : status < 500 ? 'yellow' : 'red');

export function JournalPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [text, setText] = useState('');
  const { data, isLoading, isError, isFetching } = useAuditLog(filters);
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const userOptions = [{ value: ALL, label: 'Tous les utilisateurs' }, ...(data?.users ?? []).map((u) => ({ value: String(u.id), label: u.email }))];
  const actionOptions = [{ value: ALL, label: 'Toutes les actions' }, ...(data?.actions ?? []).map((a) => ({ value: a, label: a }))];

  return (
    <>
      <PageHeader title="Journal" subtitle="Écritures du back-office, connexions et déconnexions, conservées un an" />
      <Card className="mb-6 p-4">
        <form
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label="Filtres du journal"
          onSubmit={(e) => {
            e.preventDefault();
            set({ q: text });
          }}
        >
          <Field id="journal-user" label="Utilisateur">
            <Select id="journal-user" value={filters.userId || ALL} onValueChange={(v) => set({ userId: v === ALL ? '' : v })} options={userOptions} />
          </Field>
          <Field id="journal-action" label="Action">
            <Select id="journal-action" value={filters.action || ALL} onValueChange={(v) => set({ action: v === ALL ? '' : v })} options={actionOptions} />
          </Field>
          <Field id="journal-q" label="Texte">
            <div className="flex gap-2">
              <Input id="journal-q" type="search" placeholder="E-mail, adresse IP, route…" value={text} onChange={(e) => setText(e.target.value)} />
              <IconButton type="submit" variant="outline" label="Rechercher dans le journal">
                <Search className="h-4 w-4" aria-hidden />
              </IconButton>
            </div>
          </Field>
          <Field id="journal-from" label="Du">
            <Input id="journal-from" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
          </Field>
          <Field id="journal-to" label="Au">
            <Input id="journal-to" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
          </Field>
        </form>
      </Card>

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
                <li key={e.id} className="grid gap-1 p-4 md:grid-cols-[11rem_1fr_auto] md:items-start md:gap-4" data-testid="journal-entry">
                  <div className="text-sm text-gray-700">
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  </div>
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={action(e).tone}>{action(e).label}</Badge>
                      <code className="text-sm wrap-anywhere text-gray-900">
                        {e.method} {e.route}
                      </code>
                    </div>
                    <p className="mt-1 text-sm wrap-anywhere text-gray-800">
                      <span className="font-medium">{e.userEmail ?? 'Anonyme'}</span>
                      {e.ip && <span className="text-gray-700"> · {e.ip}</span>}
                      {e.entityType && (
                        <span className="text-gray-700">
                          {' '}
                          · {e.entityType}
                          {e.entityId ? ` #${e.entityId}` : ''}
                        </span>
                      )}
                    </p>
                    {e.summary && <p className="mt-1 text-xs wrap-anywhere text-gray-700">Champs : {e.summary}</p>}
                  </div>
                  <div>
                    <Badge tone={statusTone(e.status)}>{e.status}</Badge>
                  </div>
                </li>
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
