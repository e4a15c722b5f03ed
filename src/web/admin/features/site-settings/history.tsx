import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { SiteSettings, SiteSettingsHistoryEntryDto } from '../../../../shared/schemas/site-settings';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useRestoreSiteSettings, useSiteSettingsHistory } from './api';

/** The French name of each part of the settings, as the history lists what changed. */
export const SETTINGS_FIELD_LABELS: Record<keyof SiteSettings, string> = {
  name: 'Nom du club',
  shortName: 'Nom court',
  tagline: 'Slogan',
  address: 'Adresse',
  geo: 'Position sur la carte',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  social: 'Réseaux sociaux',
  hours: 'Horaires',
  prices: 'Tarifs',
  reviews: 'Avis',
  hero: "Texte d'accueil",
  members: 'Pause des forfaits et données de santé',
  newsletter: 'Cadence des campagnes',
  reviewRequests: 'Demandes d’avis clients',
  about: 'À propos',
  whatsappGreeting: 'Message WhatsApp',
  seo: 'SEO',
  logoUrl: 'Logo',
  heroImageUrl: "Image d'accueil",
  translations: 'Traductions (slogan, message WhatsApp)',
  payments: 'Paiements',
  waitlist: 'Liste d’attente',
  privateLessons: 'Cours privés',
  legal: 'Mentions légales',
  visaLetter: 'Lettre de visa',
  programmes: 'Programmes long séjour',
  stays: 'Séjours et transferts',
};

/** How many past versions the screen lists (the server may keep more). */
const SHOWN = 20;

/**
 * The last saves (who, when, which parts) with "Restaurer" on the earlier ones. Restoring saves
 * that version again as a new one (so it can itself be undone); the form then shows it.
 */
export function SettingsHistory({ currentVersion, dirty }: { currentVersion: number | undefined; dirty: boolean }) {
  const { data, isLoading, isError } = useSiteSettingsHistory();
  const restore = useRestoreSiteSettings();
  const act = useAction();
  const [pending, setPending] = useState<SiteSettingsHistoryEntryDto | null>(null);

  async function confirm() {
    if (!pending) return;
    await act(() => restore.mutateAsync(pending.id), {
      success: { title: 'Version restaurée', description: `Les paramètres de la version ${pending.version} sont de nouveau en ligne.` },
      failure: 'Impossible de restaurer cette version',
    });
    setPending(null);
  }

  return (
    <>
      {isLoading && <Spinner />}
      {isError && <p className="text-sm text-red-700">Impossible de charger l&apos;historique.</p>}
      {data && data.length === 0 && <p className="text-sm text-gray-700">Aucune modification enregistrée pour l&apos;instant.</p>}
      {data && data.length > 0 && (
        <ol className="grid gap-3" aria-label="Dernières modifications">
          {data.slice(0, SHOWN).map((e) => {
            const current = e.version === currentVersion;
            return (
              <li
                key={e.id}
                className="flex flex-col gap-2 rounded-md border border-gray-200 p-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="settings-history-entry"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
                    <History className="h-4 w-4 shrink-0 text-gray-600" aria-hidden />
                    Version {e.version}
                    {current && <Badge tone="green">Version en ligne</Badge>}
                  </p>
                  <p className="mt-0.5 text-sm text-gray-700">
                    {formatDateTime(e.changedAt)} · {e.changedBy ? e.changedBy.name : 'Installation'}
                  </p>
                  <p className="mt-0.5 text-sm text-gray-700">
                    {e.version === 1 && !e.changedBy
                      ? 'Valeurs de départ'
                      : e.changes.length
                        ? e.changes.map((c) => SETTINGS_FIELD_LABELS[c] ?? c).join(', ')
                        : 'Aucun changement'}
                  </p>
                </div>
                {!current && (
                  <Button variant="outline" size="sm" onClick={() => setPending(e)}>
                    <RotateCcw className="h-4 w-4" aria-hidden />
                    Restaurer<span className="sr-only"> la version {e.version}</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Restaurer cette version"
        description={
          pending
            ? `Remettre en ligne les paramètres de la version ${pending.version} (${formatDateTime(pending.changedAt)}) ?` +
              (dirty ? ' Vos modifications non enregistrées seront perdues.' : '')
            : ''
        }
        confirmLabel="Restaurer"
        onConfirm={confirm}
        busy={restore.isPending}
      />
    </>
  );
}
