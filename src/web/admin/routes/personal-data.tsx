import { FileJson, FileSpreadsheet, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorText } from '../../lib/api-client';
import { ErrorAlert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog } from '../components/ui/dialog';
import { Field, Input } from '../components/ui/field';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { exportPersonalData, recordCount, useErasePersonalData, usePersonalData, type PersonKey } from '../features/personal-data/api';
import { Records } from '../features/personal-data/records';
import { downloadBlob } from '../lib/download';
import { todayStamp } from '../lib/format';
import { useAction } from '../lib/use-action';

export function PersonalDataPage() {
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [searched, setSearched] = useState<PersonKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState<'json' | 'csv' | null>(null);
  const { data, isFetching, error } = usePersonalData(searched);
  const erase = useErasePersonalData();
  const run = useAction();

  function download(format: 'json' | 'csv') {
    if (!searched) return;
    setExporting(format);
    void run(
      async () => {
        const { blob, filename } = await exportPersonalData(searched, format);
        downloadBlob(filename ?? `donnees-personnelles-${todayStamp()}.${format}`, blob);
      },
      { failure: "Impossible d'exporter les données", onSettled: () => setExporting(null) },
    );
  }

  function confirmErase() {
    if (!searched) return;
    void run(() => erase.mutateAsync(searched), {
      success: (done) => {
        const total = done.reservations + done.conversations + done.contactSubmissions + done.newsletterSubscriptions + done.outbox + done.emlFiles;
        const s = total > 1 ? 's' : '';
        return { title: 'Données effacées', description: `${total} enregistrement${s} anonymisé${s} ou supprimé${s}` };
      },
      failure: "Impossible d'effacer les données",
      onSettled: () => setConfirming(false),
    });
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
                <Button variant="outline" onClick={() => download('json')} pending={exporting === 'json'} disabled={exporting !== null}>
                  <FileJson className="h-4 w-4" aria-hidden />
                  Exporter JSON
                </Button>
                <Button variant="outline" onClick={() => download('csv')} pending={exporting === 'csv'} disabled={exporting !== null}>
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
        onConfirm={confirmErase}
        busy={erase.isPending}
      />
    </>
  );
}
