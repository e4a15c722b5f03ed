import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DemoRemovalDto, DemoStatusDto } from '../../../../shared/api-types/demo';
import { apiRequest, errorText } from '../../../lib/api-client';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';

// Paramètres › Démo (issue 46 §1): what the first start's demo still holds, and its removal in one
// action (POST /api/demo/remove). Admins only; the server keeps what staff made since.

const DEMO_KEY = ['/api/demo'] as const;

/** The kinds as the owner reads them, in the order listed. */
const LABELS: [string, string, string][] = [
  ['trainer', 'entraîneur', 'entraîneurs'],
  ['room-type', 'type de chambre', 'types de chambre'],
  ['customer', 'client', 'clients'],
  ['booking', 'réservation', 'réservations'],
  ['order', 'commande', 'commandes'],
  ['waitlist', "inscrit en liste d'attente", "inscrits en liste d'attente"],
  ['conversation', 'conversation', 'conversations'],
  ['contact', 'message de contact', 'messages de contact'],
  ['subscriber', 'abonné à la newsletter', 'abonnés à la newsletter'],
  ['post', 'article', 'articles'],
  ['category', 'catégorie', 'catégories'],
  ['gallery', 'image de galerie', 'images de galerie'],
  ['files', 'fichier image', 'fichiers image'],
  ['settings', 'réglage', 'réglages'],
];

function summary(counts: Record<string, number>): string[] {
  return LABELS.filter(([k]) => (counts[k] ?? 0) > 0).map(([k, one, many]) => `${counts[k]} ${counts[k] === 1 ? one : many}`);
}

export function DemoRemoval() {
  const qc = useQueryClient();
  const status = useQuery<DemoStatusDto>({ queryKey: DEMO_KEY });
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => apiRequest<DemoRemovalDto>('POST', '/api/demo/remove'),
    onSuccess: () => {
      setConfirming(false);
      // Every screen showed the demo: lists, dashboard, settings.
      void qc.invalidateQueries();
    },
  });

  const result = remove.data;
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-gray-900">Données de démonstration</h2>
      {status.isPending && <Spinner className="mt-3" />}
      {status.isError && <ErrorAlert>{errorText(status.error, 'Impossible de lire l’état de la démonstration.')}</ErrorAlert>}
      {result ? (
        <div role="status" className="mt-3 space-y-2 text-sm text-gray-700">
          <p className="font-medium text-green-800">La démonstration est supprimée.</p>
          {summary(result.removed).length > 0 && <p>Supprimé : {summary(result.removed).join(', ')}.</p>}
          {summary(result.kept).length > 0 && <p>Conservé, car utilisé par ce que l’équipe a créé depuis : {summary(result.kept).join(', ')}.</p>}
        </div>
      ) : status.data && !status.data.present ? (
        <p className="mt-3 text-sm text-gray-700">Aucune donnée de démonstration : le site ne contient que ce que l’équipe a créé.</p>
      ) : status.data ? (
        <div className="mt-3 space-y-3 text-sm text-gray-700">
          <p>
            Le premier démarrage a rempli le site d’un club fictif pour le découvrir (noms « Demo », adresses example.com) :{' '}
            {summary(status.data.counts).join(', ')}.
          </p>
          <p>
            La suppression retire exactement ces données, leurs images et les réglages qu’elle a remplis (en-tête de la lettre de visa, PromptPay, programme
            DTV), sans toucher à ce que l’équipe a créé ou modifié depuis.
          </p>
          {remove.isError && <ErrorAlert>{errorText(remove.error, 'La suppression a échoué. Réessayez.')}</ErrorAlert>}
          <Button variant="destructive" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            {remove.isPending ? 'Suppression en cours…' : 'Supprimer la démonstration'}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title="Supprimer la démonstration ?"
        description="Les données de démonstration seront supprimées définitivement. Ce que l’équipe a créé depuis reste en place."
        confirmLabel={remove.isPending ? 'Suppression en cours…' : 'Supprimer'}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
