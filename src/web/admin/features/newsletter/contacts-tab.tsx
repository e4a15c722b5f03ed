import { CheckCheck, Mail, MailWarning, MessageSquare, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { CONTACT_STATUSES, type ContactStatus } from '../../../../shared/constants';
import { listSearch } from '../../../../shared/schemas/lists';
import { LanguageBadge } from '../../components/language-badge';
import { SearchFilterBar } from '../../components/search-filter-bar';
import { Badge } from '../../components/ui/badge';
import { BulkBar, PageCheckbox, RowCheckbox, selectedText } from '../../components/ui/bulk-bar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useListParams, useSearchText } from '../../lib/list-state';
import { useSelection } from '../../lib/selection';
import { useSingleFlight } from '../../lib/single-flight';
import type { ContactSubmission } from '../../lib/types';
import { useAction } from '../../lib/use-action';
import { useBulkContactStatus, useContactPage, useSetContactStatus } from './api';
import { CONTACT_STATUS_LABELS, CONTACT_STATUS_TONES } from './labels';

/** The contact form's messages: search, status filter, each message with its status, bulk read/unread. */
export function ContactsTab() {
  const { get, page, set } = useListParams();
  const status = get('statut');
  const { data, isLoading } = useContactPage(listSearch({ q: get('q'), status, page }));
  const [text, setText] = useSearchText(get('q'), (q) => set({ q }));
  const contacts = data?.items;
  const setStatus = useSetContactStatus();
  const run = useAction();
  const options = CONTACT_STATUSES.map((s) => ({ value: s, label: CONTACT_STATUS_LABELS[s] }));
  const selection = useSelection<ContactSubmission>(listSearch({ q: get('q'), status, page: 1 }));
  const bulkStatus = useBulkContactStatus();
  const flight = useSingleFlight();

  // "Lu" marks read, "Nouveau" unread (SPEC's statuses): one request for the selection.
  const markSelection = (next: 'read' | 'new') =>
    flight.run(() =>
      run(
        async () => {
          const done = await bulkStatus.mutateAsync({ ids: selection.ids, status: next });
          selection.clear();
          return done;
        },
        {
          success: (done) => {
            const s = done.count > 1 ? 's' : '';
            return `${done.count} message${s} marqué${s} comme ${next === 'read' ? 'lu' : 'non lu'}${s}`;
          },
          failure: 'Erreur lors de la mise à jour du statut',
        },
      ),
    );

  const change = (id: number, status: ContactStatus) =>
    run(() => setStatus.mutateAsync({ id, status }), { success: 'Statut mis à jour', failure: 'Erreur lors de la mise à jour du statut' });

  const filtered = get('q') !== '' || status !== '';
  return (
    <>
      <SearchFilterBar
        searchLabel="Rechercher un message"
        placeholder="Nom, e-mail, téléphone ou texte…"
        text={text}
        onText={setText}
        filter={{ label: 'Filtrer par statut', allLabel: 'Tous les statuts', value: status, onChange: (v) => set({ statut: v }), options }}
      />
      {isLoading && <Spinner />}
      {contacts && contacts.length === 0 && <EmptyState title={filtered ? 'Aucun message ne correspond à la recherche' : 'Aucun message'} />}
      {contacts && contacts.length > 0 && (
        <div className="mb-2">
          <PageCheckbox
            state={selection.pageState(contacts)}
            onChange={() => selection.togglePage(contacts)}
            label="Sélectionner tous les messages de la page"
          />
        </div>
      )}
      {contacts && contacts.length > 0 && (
        <ul className="grid gap-4" aria-label="Messages de contact">
          {contacts.map((c) => (
            <li key={c.id}>
              <Card className="p-4" data-testid="contact-card">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <RowCheckbox checked={selection.isSelected(c.id)} onChange={() => selection.toggle(c)} label={`Sélectionner le message de ${c.name}`} />
                      <h2 className="min-w-0 font-semibold wrap-anywhere text-gray-900">{c.name}</h2>
                      <Badge tone={CONTACT_STATUS_TONES[c.status]}>{CONTACT_STATUS_LABELS[c.status]}</Badge>
                      <LanguageBadge language={c.language} />
                    </div>
                    <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
                      <a href={`mailto:${c.email}`} className="inline-flex max-w-full min-w-0 items-center gap-1 wrap-anywhere hover:underline">
                        <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden />
                        {c.email}
                      </a>
                      {c.phone && (
                        <a href={`tel:${c.phone}`} className="inline-flex items-center gap-1 hover:underline">
                          <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden />
                          {c.phone}
                        </a>
                      )}
                      <span>{formatDateTime(c.createdAt)}</span>
                    </div>
                  </div>
                  <div className="w-full shrink-0 sm:w-40">
                    <Select
                      aria-label={`Statut du message de ${c.name}`}
                      value={c.status}
                      onValueChange={(v) => void change(c.id, v as ContactStatus)}
                      options={options}
                    />
                  </div>
                </div>
                {c.subject && <p className="mt-3 text-sm font-medium wrap-anywhere text-gray-900">{c.subject}</p>}
                <p className="mt-2 text-sm wrap-anywhere whitespace-pre-wrap text-gray-800">{c.message}</p>
                {c.conversationId != null && (
                  <Link
                    to={`/admin/messages/${c.conversationId}`}
                    className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-red-800 hover:underline focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
                  >
                    <MessageSquare className="h-4 w-4" aria-hidden />
                    Répondre dans la conversation
                  </Link>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <BulkBar count={selection.count} text={selectedText(selection.count, ['message', 'messages'])} onClear={selection.clear}>
        <Button variant="outline" size="sm" onClick={() => void markSelection('read')} disabled={flight.busy}>
          <CheckCheck className="h-4 w-4" aria-hidden />
          Marquer comme lus
        </Button>
        <Button variant="outline" size="sm" onClick={() => void markSelection('new')} disabled={flight.busy}>
          <MailWarning className="h-4 w-4" aria-hidden />
          Marquer comme non lus
        </Button>
      </BulkBar>
      {data && data.total > 0 && (
        <Pager
          label="Pages des messages"
          total={data.total}
          page={data.page}
          pageSize={data.pageSize}
          noun={['message', 'messages']}
          onPage={(p) => set({ page: p })}
        />
      )}
    </>
  );
}
