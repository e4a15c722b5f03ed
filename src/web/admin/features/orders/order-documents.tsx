import { FileText } from 'lucide-react';
import { useState } from 'react';
import { apiFile } from '../../../lib/api-client';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { downloadBlob } from '../../lib/download';
import type { StaffOrder } from './api';
import { orderErrorText } from './order-errors';

// The order's documents (issue 35): its receipt once paid in full (the buyer's number, given at
// first issue) and its attendance statement. Fetched with the session, saved under the server's name.

type Doc = 'receipt' | 'attendance';

export function OrderDocuments({ order }: { order: Pick<StaffOrder, 'id' | 'reference' | 'receipt' | 'attendance'> }) {
  const [busy, setBusy] = useState<Doc | null>(null);
  const [error, setError] = useState<string | null>(null);
  const receipt = order.receipt;
  async function download(doc: Doc) {
    setBusy(doc);
    setError(null);
    try {
      const { blob, filename } = await apiFile(`/api/orders/${order.id}/${doc}.pdf`);
      downloadBlob(filename ?? `${doc}-${order.reference}.pdf`, blob);
    } catch (err) {
      setError(orderErrorText(err, 'load'));
    } finally {
      setBusy(null);
    }
  }
  const a = order.attendance;
  return (
    <Card className="grid gap-3 p-4" data-testid="order-documents">
      <h2 className="text-base font-semibold text-gray-900">Documents</h2>
      {a && (
        <p className="text-sm text-gray-800" data-testid="order-attendance">
          {a.attended <= 1 ? `${a.attended} séance suivie` : `${a.attended} séances suivies`}
          {a.sessionsPerWeek ? ` · programme : ${a.sessionsPerWeek} par semaine` : ''}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void download('receipt')} disabled={!receipt} pending={busy === 'receipt'}>
          <FileText className="h-4 w-4" aria-hidden />
          Reçu (PDF)
        </Button>
        <Button variant="outline" onClick={() => void download('attendance')} pending={busy === 'attendance'}>
          <FileText className="h-4 w-4" aria-hidden />
          Relevé de présence (PDF)
        </Button>
      </div>
      {!receipt && <p className="text-xs text-gray-700">Le reçu est disponible une fois la commande payée en totalité.</p>}
      {error && <ErrorAlert>{error}</ErrorAlert>}
    </Card>
  );
}
