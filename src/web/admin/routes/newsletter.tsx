import { Download, Mail, Phone, Search, Trash2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { CONTACT_STATUSES, type ContactStatus } from '../../../shared/constants';
import { Badge, type BadgeTone } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog } from '../components/ui/dialog';
import { Input } from '../components/ui/field';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { matchesSubscriber, useContactSubmissions, useDeleteSubscriber, useSetContactStatus, useSubscribers } from '../features/newsletter/api';
import { downloadCsv, toCsv } from '../lib/csv';
import { formatDate, formatDateTime } from '../lib/format';
import type { NewsletterSubscriber } from '../lib/types';

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { new: 'Nouveau', read: 'Lu', responded: 'Répondu' };
const CONTACT_STATUS_TONES: Record<ContactStatus, BadgeTone> = { new: 'red', read: 'yellow', responded: 'green' };

/** SPEC.md §7: e-mail, name, status, subscription date; file newsletter-subscribers.csv. */
export function subscribersCsv(list: NewsletterSubscriber[]): string {
  return toCsv(
    ['Email', 'Nom', 'Statut', "Date d'inscription"],
    list.map((s) => [s.email, s.name ?? '', s.isActive ? 'Actif' : 'Inactif', formatDate(s.subscribedAt)]),
  );
}

const tabClass =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none sm:flex-none';

export function NewsletterPage() {
  const { data: subscribers } = useSubscribers();
  const { data: contacts } = useContactSubmissions();
  return (
    <>
      <PageHeader title="Newsletter & Contact" subtitle="Abonnés à la newsletter et messages du formulaire de contact" />
      <Tabs.Root defaultValue="subscribers">
        <Tabs.List aria-label="Newsletter et contact" className="mb-6 flex rounded-lg bg-gray-200 p-1 sm:inline-flex">
          <Tabs.Trigger value="subscribers" className={tabClass}>
            Abonnés Newsletter ({subscribers?.length ?? 0})
          </Tabs.Trigger>
          <Tabs.Trigger value="contacts" className={tabClass}>
            Messages Contact ({contacts?.length ?? 0})
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="subscribers">
          <SubscribersTab />
        </Tabs.Content>
        <Tabs.Content value="contacts">
          <ContactsTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

function SubscribersTab() {
  const { data: subscribers, isLoading } = useSubscribers();
  const del = useDeleteSubscriber();
  const toast = useToast();
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<NewsletterSubscriber | null>(null);
  const visible = (subscribers ?? []).filter((s) => matchesSubscriber(s, query));

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
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="pl-9"
          />
        </div>
        <Button variant="outline" onClick={() => downloadCsv('newsletter-subscribers.csv', subscribersCsv(visible))} disabled={visible.length === 0}>
          <Download className="h-4 w-4" aria-hidden />
          Exporter CSV
        </Button>
      </div>
      {isLoading && <Spinner />}
      {subscribers && visible.length === 0 && <EmptyState title={query ? 'Aucun abonné ne correspond à la recherche' : 'Aucun abonné'} />}
      {visible.length > 0 && (
        <Card>
          <ul className="divide-y divide-gray-200" aria-label="Abonnés">
            {visible.map((s) => (
              <li key={s.id} className="flex items-center gap-3 p-4" data-testid="subscriber-row">
                <div className="min-w-0 flex-1">
                  <p className="font-medium wrap-anywhere text-gray-900">{s.email}</p>
                  <p className="text-sm text-gray-700">
                    {s.name ? `${s.name} · ` : ''}Inscrit le {formatDate(s.subscribedAt)}
                  </p>
                </div>
                <Badge tone={s.isActive ? 'green' : 'gray'}>{s.isActive ? 'Actif' : 'Inactif'}</Badge>
                <IconButton label={`Supprimer l'abonné ${s.email}`} onClick={() => setToDelete(s)} className="text-red-700 hover:bg-red-50">
                  <Trash2 className="h-4 w-4" aria-hidden />
                </IconButton>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Supprimer l'abonné"
        description={toDelete ? `Êtes-vous sûr de vouloir supprimer l'abonné ${toDelete.email} ?` : ''}
        onConfirm={confirmDelete}
        busy={del.isPending}
      />
    </>
  );
}

function ContactsTab() {
  const { data: contacts, isLoading } = useContactSubmissions();
  const setStatus = useSetContactStatus();
  const toast = useToast();
  const options = CONTACT_STATUSES.map((s) => ({ value: s, label: CONTACT_STATUS_LABELS[s] }));

  async function change(id: number, status: ContactStatus) {
    try {
      await setStatus.mutateAsync({ id, status });
      toast({ title: 'Statut mis à jour' });
    } catch {
      toast({ title: 'Erreur', description: 'Erreur lors de la mise à jour du statut', variant: 'destructive' });
    }
  }

  if (isLoading) return <Spinner />;
  if (!contacts || contacts.length === 0) return <EmptyState title="Aucun message" />;
  return (
    <ul className="grid gap-4" aria-label="Messages de contact">
      {contacts.map((c) => (
        <li key={c.id}>
          <Card className="p-4" data-testid="contact-card">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="min-w-0 font-semibold wrap-anywhere text-gray-900">{c.name}</h2>
                  <Badge tone={CONTACT_STATUS_TONES[c.status]}>{CONTACT_STATUS_LABELS[c.status]}</Badge>
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
          </Card>
        </li>
      ))}
    </ul>
  );
}
