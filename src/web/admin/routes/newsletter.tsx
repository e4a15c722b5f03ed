import { SearchFilterBar } from '../components/search-filter-bar';
import { CheckCheck, Download, Mail, MailWarning, MessageSquare, Phone, Search, Trash2 } from 'lucide-react';
import { LANGUAGE_NAMES_FR } from '../../../shared/i18n/languages';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { CONTACT_STATUSES, type ContactStatus } from '../../../shared/constants';
import { LanguageBadge } from '../components/language-badge';
import { Badge, type BadgeTone } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { BulkBar, PageCheckbox, RowCheckbox, selectedText } from '../components/ui/bulk-bar';
import { Card } from '../components/ui/card';
import { ConfirmDialog } from '../components/ui/dialog';
import { Input } from '../components/ui/field';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import {
  useBulkContactStatus,
  useBulkDeleteSubscribers,
  useContactPage,
  useDeleteSubscriber,
  useSetContactStatus,
  useSubscriberPage,
} from '../features/newsletter/api';
import { errorText } from '../../lib/api-client';
import { useSelection } from '../lib/selection';
import { useSingleFlight } from '../lib/single-flight';
import { Pager } from '../components/ui/pager';
import { listSearch } from '../../../shared/schemas/lists';
import { fetchAllPages, useListParams, useSearchText } from '../lib/list-state';
import { downloadCsv, toCsv } from '../lib/csv';
import { formatDate, formatDateTime } from '../lib/format';
import type { ContactSubmission, NewsletterSubscriber } from '../lib/types';

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { new: 'Nouveau', read: 'Lu', responded: 'Répondu' };
const CONTACT_STATUS_TONES: Record<ContactStatus, BadgeTone> = { new: 'red', read: 'yellow', responded: 'green' };

/** Double opt-in: an address is a subscriber (Actif) only once it confirmed the e-mailed link. */
const SUBSCRIBER_STATUS: Record<NewsletterSubscriber['status'], { label: string; tone: BadgeTone }> = {
  confirmed: { label: 'Actif', tone: 'green' },
  pending: { label: 'En attente de confirmation', tone: 'yellow' },
  unsubscribed: { label: 'Inactif', tone: 'gray' },
};

/**
 * SPEC.md §7: e-mail, name, status, subscription date; file newsletter-subscribers.csv. Then the
 * subscriber's language (issue 15), last so SPEC's columns keep their places.
 * Pending addresses are left out: they never agreed to receive anything.
 */
export function subscribersCsv(list: NewsletterSubscriber[]): string {
  return toCsv(
    ['Email', 'Nom', 'Statut', "Date d'inscription", 'Langue'],
    list
      .filter((s) => s.status !== 'pending')
      .map((s) => [s.email, s.name ?? '', SUBSCRIBER_STATUS[s.status].label, formatDate(s.subscribedAt), LANGUAGE_NAMES_FR[s.language ?? 'en']]),
  );
}

const tabClass =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none sm:flex-none';

/** Two tabs; the open one, its search, filter and page are in the address (?onglet=contact&q=…&page=2). */
export function NewsletterPage() {
  const { get, set } = useListParams();
  const tab = get('onglet') === 'contact' ? 'contacts' : 'subscribers';
  // The tabs' counts: confirmed subscribers, and every contact message (one-row pages).
  const { data: subscribers } = useSubscriberPage('pageSize=1');
  const { data: contacts } = useContactPage('pageSize=1');
  return (
    <>
      <PageHeader title="Newsletter & Contact" subtitle="Abonnés à la newsletter et messages du formulaire de contact" />
      <Tabs.Root value={tab} onValueChange={(v) => set({ onglet: v === 'contacts' ? 'contact' : undefined, q: undefined, statut: undefined })}>
        <Tabs.List aria-label="Newsletter et contact" className="mb-6 flex rounded-lg bg-gray-200 p-1 sm:inline-flex">
          <Tabs.Trigger value="subscribers" className={tabClass}>
            Abonnés Newsletter ({subscribers?.confirmed ?? 0})
          </Tabs.Trigger>
          <Tabs.Trigger value="contacts" className={tabClass}>
            Messages Contact ({contacts?.total ?? 0})
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="subscribers">{tab === 'subscribers' && <SubscribersTab />}</Tabs.Content>
        <Tabs.Content value="contacts">{tab === 'contacts' && <ContactsTab />}</Tabs.Content>
      </Tabs.Root>
    </>
  );
}

function SubscribersTab() {
  const { get, page, set } = useListParams();
  const query = get('q');
  const apiQuery = listSearch({ q: query, page });
  const { data: subscribers, isLoading } = useSubscriberPage(apiQuery);
  const [text, setText] = useSearchText(query, (q) => set({ q }));
  const del = useDeleteSubscriber();
  const toast = useToast();
  const [toDelete, setToDelete] = useState<NewsletterSubscriber | null>(null);
  const visible = subscribers?.items ?? [];
  const pending = visible.filter((s) => s.status === 'pending').length;
  const selection = useSelection<NewsletterSubscriber>(listSearch({ q: query }));
  const bulkDelete = useBulkDeleteSubscribers();
  const flight = useSingleFlight();
  const [bulkDeleteOpen, setBulkDeleteOpen] = useState(false);
  const plural = (n: number) => (n > 1 ? 's' : '');

  const confirmBulkDelete = () =>
    flight.run(async () => {
      try {
        const done = await bulkDelete.mutateAsync(selection.ids);
        selection.drop(selection.ids);
        toast({ title: `${done.count} abonné${plural(done.count)} supprimé${plural(done.count)}` });
      } catch (err) {
        toast({ title: 'Erreur', description: errorText(err, 'Erreur lors de la suppression'), variant: 'destructive' });
      } finally {
        setBulkDeleteOpen(false);
      }
    });
  // The selection only, in the list's own CSV format (pending addresses are left out there too).
  function exportSelection() {
    downloadCsv('newsletter-subscribers.csv', subscribersCsv(selection.rows));
  }

  // Every page of the search, not only the one shown.
  async function exportCsv() {
    try {
      const all = await fetchAllPages<NewsletterSubscriber>('/api/newsletter-subscribers', new URLSearchParams(listSearch({ q: query })));
      downloadCsv('newsletter-subscribers.csv', subscribersCsv(all));
    } catch {
      toast({ title: 'Erreur', description: "Impossible d'exporter les abonnés", variant: 'destructive' });
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await del.mutateAsync(toDelete.id);
      toast({ title: 'Abonné supprimé' });
    } catch {
      toast({ title: 'Erreur', description: 'Erreur lors de la suppression', variant: 'destructive' });
    } finally {
      setToDelete(null);
    }
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

function ContactsTab() {
  const { get, page, set } = useListParams();
  const status = get('statut');
  const { data, isLoading } = useContactPage(listSearch({ q: get('q'), status, page }));
  const [text, setText] = useSearchText(get('q'), (q) => set({ q }));
  const contacts = data?.items;
  const setStatus = useSetContactStatus();
  const toast = useToast();
  const options = CONTACT_STATUSES.map((s) => ({ value: s, label: CONTACT_STATUS_LABELS[s] }));
  const selection = useSelection<ContactSubmission>(listSearch({ q: get('q'), status, page: 1 }));
  const bulkStatus = useBulkContactStatus();
  const flight = useSingleFlight();

  // "Lu" marks read, "Nouveau" unread (SPEC's statuses): one request for the selection.
  const markSelection = (next: 'read' | 'new') =>
    flight.run(async () => {
      try {
        const done = await bulkStatus.mutateAsync({ ids: selection.ids, status: next });
        selection.clear();
        const s = done.count > 1 ? 's' : '';
        toast({ title: `${done.count} message${s} marqué${s} comme ${next === 'read' ? 'lu' : 'non lu'}${s}` });
      } catch {
        toast({ title: 'Erreur', description: 'Erreur lors de la mise à jour du statut', variant: 'destructive' });
      }
    });

  async function change(id: number, status: ContactStatus) {
    try {
      await setStatus.mutateAsync({ id, status });
      toast({ title: 'Statut mis à jour' });
    } catch {
      toast({ title: 'Erreur', description: 'Erreur lors de la mise à jour du statut', variant: 'destructive' });
    }
  }

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
                      onValueChange={(v) => change(c.id, v as ContactStatus)}
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
