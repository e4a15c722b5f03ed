import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import type { WaiverStaffDto } from '../../../../shared/api-types/waivers';
import { apiFile, errorText } from '../../../lib/api-client';
import { ErrorAlert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { downloadBlob } from '../../lib/download';
import { formatDate, formatDateTime } from '../../lib/format';

// The customer's waiver and health declaration (issue 47 point 4): staff only, read on its own
// request so the record's other answers never carry a health answer.

const CONDITIONS_FR: Record<string, string> = {
  heart: 'Problème cardiaque',
  'blood-pressure': 'Tension artérielle',
  asthma: 'Asthme',
  epilepsy: 'Épilepsie',
  diabetes: 'Diabète',
  concussion: 'Commotion, choc à la tête',
  'recent-injury': 'Blessure récente',
  'recent-surgery': 'Opération récente',
  pregnancy: 'Grossesse',
  'infectious-skin': 'Maladie de peau contagieuse',
};

export function WaiverSection({ customerId }: { customerId: number }) {
  const q = useQuery<WaiverStaffDto>({ queryKey: [`/api/customers/${customerId}/waiver`] });
  const [pdfError, setPdfError] = useState<string | null>(null);
  const s = q.data?.signature;
  const download = async () => {
    setPdfError(null);
    try {
      const { blob, filename } = await apiFile(`/api/customers/${customerId}/waiver.pdf`);
      downloadBlob(filename ?? 'decharge.pdf', blob);
    } catch (err) {
      setPdfError(errorText(err, 'Le PDF n’a pas pu être créé.'));
    }
  };
  return (
    <section aria-labelledby="client-waiver">
      <Card className="p-4 sm:p-6">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="client-waiver" className="text-lg font-semibold text-gray-900">
            Décharge et santé
          </h2>
          {q.data?.flag === 'missing' && <Badge tone="red">Décharge manquante</Badge>}
          {q.data?.flag === 'conditions' && <Badge tone="yellow">Conditions déclarées</Badge>}
        </div>
        {q.isPending && <Spinner />}
        {q.isError && <ErrorAlert>{errorText(q.error, 'Impossible de lire la décharge.')}</ErrorAlert>}
        {q.data && !s && <p className="text-sm text-gray-700">Aucune décharge signée.</p>}
        {s && (
          <div className="grid gap-2 text-sm text-gray-800" data-testid="client-waiver">
            <p>
              Version {s.version}, signée le {formatDateTime(s.signedAt)} par « {s.signatureName} ».
            </p>
            <p>
              Né(e) le {formatDate(s.birthDate)} · urgence : {s.emergencyName},{' '}
              <a href={`tel:${s.emergencyPhone.replace(/[^\d+]/g, '')}`}>{s.emergencyPhone}</a>
            </p>
            {s.healthErasedAt ? (
              <p className="text-gray-700">Réponses de santé effacées le {formatDate(s.healthErasedAt)} (durée de conservation).</p>
            ) : s.hasConditions ? (
              <p>Conditions : {[...s.conditions.map((c) => CONDITIONS_FR[c] ?? c), ...(s.conditionsText ? [s.conditionsText] : [])].join(' ; ')}</p>
            ) : (
              <p>Aucune condition déclarée.</p>
            )}
            <div>
              <Button variant="outline" size="sm" onClick={() => void download()}>
                <FileText className="h-4 w-4" aria-hidden />
                PDF de la décharge
              </Button>
            </div>
            {pdfError && <ErrorAlert>{pdfError}</ErrorAlert>}
          </div>
        )}
      </Card>
    </section>
  );
}
