import { Download, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { listSearch } from '../../../../shared/schemas/lists';
import { LanguageBadge } from '../../components/language-badge';
import { Badge } from '../../components/ui/badge';
import { BulkBar, PageCheckbox, RowCheckbox, selectedText } from '../../components/ui/bulk-bar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/field';
import { IconButton } from '../../components/ui/icon-button';
import { EmptyState } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { downloadCsv } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { fetchAllPages, useListParams, useSearchText } from '../../lib/list-state';
import { useSelection } from '../../lib/selection';
import { useSingleFlight } from '../../lib/single-flight';
import type { NewsletterSubscriber } from '../../lib/types';
import { useAction } from '../../lib/use-action';
import { useBulkDeleteSubscribers, useDeleteSubscriber, useSubscriberPage } from './api';
import { SUBSCRIBER_STATUS, subscribersCsv } from './labels';

/** The subscribers tab: search, export, the list with its selection, delete. */
export function SubscribersTab() {
  const { get, page, set } = useListParams();
  const query = get('q');
  const apiQuery = listSearch({ q: query, page });
  const { data: subscribers, isLoading } = useSubscriberPage(apiQuery);
  const [text, setText] = useSearchText(query, (q) => set({ q }));
  const del = useDeleteSubscriber();
  const run = useAction();
  const [toDelete, setToDelete] = useState<NewsletterSubscriber | null>(null);
  const visible = subscribers?.items ?? [];
  const pending = visible.filter((s) => s.status === 'pending').length;
  const selection = useSelection<NewsletterSubscriber>(listSearch({ q: query }));
  const bulkDelete = useBulkDeleteSubscribers();
  const flight = useSingleFlight();
  const [bulkDeleteOpen, setBulkDeleteOpen] = useState(false);
  const plural = (n: number) => (n > 1 ? 's' : '');

  const confirmBulkDelete = () =>
    flight.run(() =>
      run(
        async () => {
          const done = await bulkDelete.mutateAsync(selection.ids);
          selection.drop(selection.ids);
          return done;
        },
        {
          success: ({ count: n }) => `${n} abonné${plural(n)} supprimé${plural(n)}`,
          failure: 'Erreur lors de la suppression',
          onSettled: () => setBulkDeleteOpen(false),
        },
      ),
    );
  // The selection only, in the list's own CSV format (pending addresses are left out there too).
  function exportSelection() {
    downloadCsv('newsletter-subscribers.csv', subscribersCsv(selection.rows));
  }

  // Every page of the search, not only the one shown.
  const exportCsv = () =>
    run(
      async () => {
        const all = await fetchAllPages<NewsletterSubscriber>('/api/newsletter-subscribers', new URLSearchParams(listSearch({ q: query })));
        downloadCsv('newsletter-subscribers.csv', subscribersCsv(all));
      },
      { failure: "Impossible d'exporter les abonnés" },
    );

  function confirmDelete() {
    if (!toDelete) return;
    void run(() => del.mutateAsync(toDelete.id), { success: 'Abonné supprimé', failure: 'Erreur lors de la suppression', onSettled: () => setToDelete(null) });
  }

  return (
    <>
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-600" aria-hidden />
          <Input
            type="search"
            aria-label="Rechercher par e-mail ou nom"
            placeholder="Rechercher par e-mail ou nom…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="pl-9"
          />
        </div>
        <Button variant="outline" onClick={() => void exportCsv()} disabled={visible.length === pending}>
          <Download className="h-4 w-4" aria-hidden />
          Exporter CSV
        </Button>
      </div>
      {pending > 0 && (
        <p className="mb-4 text-sm text-gray-700" data-testid="pending-note">
          {pending === 1 ? '1 adresse attend' : `${pending} adresses attendent`} la confirmation du lien envoyé par e-mail : elles ne sont ni comptées, ni
          exportées, et ne reçoivent pas la newsletter.
        </p>
      )}
      {isLoading && <Spinner />}
      {subscribers && visible.length === 0 && <EmptyState title={query ? 'Aucun abonné ne correspond à la recherche' : 'Aucun abonné'} />}
      {visible.length > 0 && (
        <div className="mb-2">
          <PageCheckbox state={selection.pageState(visible)} onChange={() => selection.togglePage(visible)} label="Sélectionner tous les abonnés de la page" />
        </div>
      )}
      {visible.length > 0 && (
        <Card>
          <ul className="divide-y divide-gray-200" aria-label="Abonnés">
            {visible.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 p-4 sm:flex-nowrap" data-testid="subscriber-row">
                <RowCheckbox checked={selection.isSelected(s.id)} onChange={() => selection.toggle(s)} label={`Sélectionner l'abonné ${s.email}`} />
                {/* On a phone the address takes the rest of its line, the badges and the button the next. */}
                <div className="min-w-0 flex-1 basis-[calc(100%_-_3rem)] sm:basis-auto">
                  <p className="font-medium wrap-anywhere text-gray-900">{s.email}</p>
                  <p className="text-sm text-gray-700">
                    {s.name ? `${s.name} · ` : ''}Inscrit le {formatDate(s.subscribedAt)}
                  </p>
                </div>
                <LanguageBadge language={s.language} />
                {/* A delivery report said the address fails: the outbox sends it nothing more. */}
                {s.bouncing && <Badge tone="red">Adresse en échec</Badge>}
                <Badge tone={SUBSCRIBER_STATUS[s.status].tone}>{SUBSCRIBER_STATUS[s.status].label}</Badge>
                <IconButton label={`Supprimer l'abonné ${s.email}`} onClick={() => setToDelete(s)} className="text-red-700 hover:bg-red-50">
                  <Trash2 className="h-4 w-4" aria-hidden />
                </IconButton>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <BulkBar count={selection.count} text={selectedText(selection.count, ['abonné', 'abonnés'])} onClear={selection.clear}>
        <Button variant="outline" size="sm" onClick={exportSelection}>
          <Download className="h-4 w-4" aria-hidden />
          Exporter la sélection
        </Button>
        <Button variant="destructive" size="sm" onClick={() => setBulkDeleteOpen(true)} disabled={flight.busy}>
          <Trash2 className="h-4 w-4" aria-hidden />
          Supprimer
        </Button>
      </BulkBar>
      {subscribers && subscribers.total > 0 && (
        <Pager
          label="Pages des abonnés"
          total={subscribers.total}
          page={subscribers.page}
          pageSize={subscribers.pageSize}
          noun={['abonné', 'abonnés']}
          onPage={(p) => set({ page: p })}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Supprimer l'abonné"
        description={toDelete ? `Êtes-vous sûr de vouloir supprimer l'abonné ${toDelete.email} ?` : ''}
        onConfirm={confirmDelete}
        busy={del.isPending}
      />
      <ConfirmDialog
        open={bulkDeleteOpen}
        onOpenChange={(o) => !o && setBulkDeleteOpen(false)}
        title={`Supprimer ${selection.count} abonné${plural(selection.count)}`}
        description={`Êtes-vous sûr de vouloir supprimer ${selection.count > 1 ? `ces ${selection.count} abonnés` : 'cet abonné'} ?`}
        confirmLabel={`Supprimer ${selection.count} abonné${plural(selection.count)}`}
        onConfirm={() => void confirmBulkDelete()}
        busy={flight.busy}
      />
    </>
  );
}
