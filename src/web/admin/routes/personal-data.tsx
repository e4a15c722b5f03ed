import { FileJson, FileSpreadsheet, Search, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { PersonalDataDto } from '../../../shared/api-types';
import { errorText } from '../../lib/api-client';
import { ErrorAlert } from '../components/ui/alert';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog } from '../components/ui/dialog';
import { Field, Input } from '../components/ui/field';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { exportPersonalData, recordCount, useErasePersonalData, usePersonalData, type PersonKey } from '../features/personal-data/api';
import { downloadCsv } from '../lib/csv';
import { downloadText } from '../lib/download';
import { formatDateTime, todayStamp } from '../lib/format';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section aria-label={title} data-testid="personal-data-section">
      <h2 className="mb-2 flex items-center gap-2 text-base font-semibold text-gray-900">
        {title} <Badge tone={count > 0 ? 'blue' : 'gray'}>{count}</Badge>
      </h2>
      {count > 0 && (
        <Card>
          <ul className="divide-y divide-gray-200">{children}</ul>
        </Card>
      )}
    </section>
  );
}

const Row = ({ title, detail, text }: { title: ReactNode; detail: ReactNode; text?: string | null }) => (
  <li className="p-3 text-sm">
    <p className="font-medium wrap-anywhere text-gray-900">{title}</p>
    <p className="wrap-anywhere text-gray-700">{detail}</p>
    {text && <p className="mt-1 line-clamp-3 wrap-anywhere whitespace-pre-wrap text-gray-800">{text}</p>}
  </li>
);

function Records({ d }: { d: PersonalDataDto }) {
  return (
    <div className="grid gap-6">
      <Section title="Réservations" count={d.reservations.length}>
        {d.reservations.map((r) => (
          <Row
            key={r.id}
            title={`${r.name} — ${r.course}`}
            detail={`${formatDateTime(r.dateTime)} · ${[r.email, r.phone].filter(Boolean).join(' · ')}`}
            text={r.message}
          />
        ))}
      </Section>
      <Section title="Conversations" count={d.conversations.length}>
        {d.conversations.map((c) => (
          <Row
            key={c.id}
            title={c.subject}
            detail={`${c.userName} · ${c.userEmail} · ${c.messages.length} message${c.messages.length > 1 ? 's' : ''}`}
            text={c.messages[0]?.content}
          />
        ))}
      </Section>
      <Section title="Messages de contact" count={d.contactSubmissions.length}>
        {d.contactSubmissions.map((c) => (
          <Row
            key={c.id}
            title={c.subject}
            detail={`${c.name} · ${[c.email, c.phone].filter(Boolean).join(' · ')} · ${formatDateTime(c.createdAt)}`}
            text={c.message}
          />
        ))}
      </Section>
      <Section title="Newsletter" count={d.newsletterSubscriptions.length}>
        {d.newsletterSubscriptions.map((s) => (
          <Row key={s.id} title={s.email} detail={`${s.isActive ? 'Actif' : 'Inactif'} · inscrit le ${formatDateTime(s.subscribedAt)}`} />
        ))}
      </Section>
      <Section title="E-mails (file d'envoi)" count={d.outbox.length}>
        {d.outbox.map((o) => (
          <Row key={o.id} title={o.subject} detail={`À ${o.toAddress} · ${formatDateTime(o.createdAt)} · ${o.status}`} />
        ))}
      </Section>
      <Section title="Fichiers .eml" count={d.emlFiles.length}>
        {d.emlFiles.map((f) => (
          <Row key={f.name} title={f.name} detail={`${f.size} octets · ${formatDateTime(f.modifiedAt)}`} />
        ))}
      </Section>
    </div>
  );
}

export function PersonalDataPage() {
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [searched, setSearched] = useState<PersonKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { data, isFetching, error } = usePersonalData(searched);
  const erase = useErasePersonalData();
  const toast = useToast();

  async function download(format: 'json' | 'csv') {
    if (!searched) return;
    setExporting(true);
    try {
      const text = await exportPersonalData(searched, format);
      const name = `donnees-personnelles-${todayStamp()}.${format}`;
      if (format === 'csv') downloadCsv(name, text);
      else downloadText(name, text, 'application/json');
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, "Impossible d'exporter les données"), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  async function confirmErase() {
    if (!searched) return;
    try {
      const done = await erase.mutateAsync(searched);
      const total = done.reservations + done.conversations + done.contactSubmissions + done.newsletterSubscriptions + done.outbox + done.emlFiles;
      toast({
        title: 'Données effacées',
        description: `${total} enregistrement${total > 1 ? 's' : ''} anonymisé${total > 1 ? 's' : ''} ou supprimé${total > 1 ? 's' : ''}`,
      });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, "Impossible d'effacer les données"), variant: 'destructive' });
    } finally {
      setConfirming(false);
    }
  }

  const found = data ? recordCount(data) : 0;
  // As the server read them (the address lowercased).
  const who = data ? [data.email, data.phone].filter(Boolean).join(' / ') : '';
  return (
    <>
      <PageHeader title="Données personnelles" subtitle="Retrouver, exporter ou effacer les données d'une personne (PDPA, RGPD)" />
      <Card className="mb-6 p-4">
        <form
          className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          aria-label="Rechercher une personne"
          onSubmit={(e) => {
            e.preventDefault();
            setSearched({ email, phone });
          }}
        >
          <Field id="pd-email" label="Adresse e-mail">
            <Input id="pd-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="nom@exemple.com" />
          </Field>
          <Field id="pd-phone" label="Téléphone">
            <Input id="pd-phone" type="tel" autoComplete="off" value={phone} onChange={(e) => setPhone(e.target.value)} placeholder="+66 81 234 5678" />
          </Field>
          <Button type="submit" disabled={!email.trim() && !phone.trim()}>
            <Search className="h-4 w-4" aria-hidden />
            Rechercher
          </Button>
        </form>
      </Card>

      {isFetching && <Spinner />}
      {error && <ErrorAlert>{errorText(error, 'La recherche a échoué.')}</ErrorAlert>}
      {data && !isFetching && (
        <>
          <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-gray-800" aria-live="polite" data-testid="personal-data-total">
              {found === 0 ? `Aucune donnée trouvée pour ${who}` : `${found} enregistrement${found > 1 ? 's' : ''} trouvé${found > 1 ? 's' : ''} pour ${who}`}
            </p>
            {found > 0 && (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => void download('json')} disabled={exporting}>
                  <FileJson className="h-4 w-4" aria-hidden />
                  Exporter JSON
                </Button>
                <Button variant="outline" onClick={() => void download('csv')} disabled={exporting}>
                  <FileSpreadsheet className="h-4 w-4" aria-hidden />
                  Exporter CSV
                </Button>
                <Button variant="destructive" onClick={() => setConfirming(true)}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Effacer les données
                </Button>
              </div>
            )}
          </div>
          {found === 0 ? <EmptyState title="Rien à exporter ni à effacer" /> : <Records d={data} />}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => !o && setConfirming(false)}
        title="Effacer les données"
        description={`Les ${found} enregistrements de ${who} seront anonymisés (les dates et les totaux restent), les e-mails non envoyés annulés et les fichiers .eml supprimés. Cette action est définitive.`}
        confirmLabel="Effacer définitivement"
        onConfirm={() => void confirmErase()}
        busy={erase.isPending}
      />
    </>
  );
}
