import { ArrowLeft, Merge } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useCustomer } from '../features/customers/api';
import { BalanceSection, BookingsSection, ConversationsSection, PassesSection, PaymentsSection } from '../features/customers/history-sections';
import { MergeDialog } from '../features/customers/merge-dialog';
import { ProposalsSection } from '../features/customers/proposals-section';
import { WaiverSection } from '../features/customers/waiver-section';

const backLink =
  'inline-flex items-center gap-1 text-sm font-medium text-gray-800 hover:text-gray-950 hover:underline focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

const Back = () => (
  <Link to="/admin/clients" className={backLink}>
    <ArrowLeft className="h-4 w-4" aria-hidden />
    Retour aux clients
  </Link>
);

/** One customer's page: their details, values typed that differ from them (to adopt), history sections and "Fusionner avec…". */
export function ClientPage() {
  const params = useParams();
  const parsed = Number.parseInt(params.id ?? '', 10);
  const id = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const { data: c, isLoading, isError } = useCustomer(id);
  const navigate = useNavigate();
  const [merging, setMerging] = useState(false);

  // A merged record's address leads to the record it went into.
  useEffect(() => {
    if (c && c.id !== id) void navigate(`/admin/clients/${c.id}`, { replace: true });
  }, [c, id, navigate]);

  if (id !== null && isLoading) return <Spinner />;
  if (id === null || isError || !c) {
    return (
      <div className="rounded-lg border border-gray-200 bg-white p-10 text-center">
        <h1 className="mb-4 text-lg font-medium text-gray-900">Client introuvable</h1>
        <Back />
      </div>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Back />
      <PageHeader
        title={c.name}
        subtitle={
          <span className="break-all">
            {[c.email, c.phone].filter(Boolean).join(' · ') || 'Sans e-mail ni téléphone'}
            {c.bouncing && (
              <Badge tone="red" className="ml-2">
                Adresse en échec
              </Badge>
            )}
          </span>
        }
        actions={
          <Button variant="outline" onClick={() => setMerging(true)}>
            <Merge className="h-4 w-4" aria-hidden />
            Fusionner avec…
          </Button>
        }
      />
      <ProposalsSection c={c} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <BalanceSection c={c} />
          <WaiverSection customerId={c.id} />
          <PassesSection c={c} />
          <PaymentsSection c={c} />
        </div>
        <div className="grid content-start gap-4">
          <BookingsSection c={c} />
          <ConversationsSection c={c} />
        </div>
      </div>
      <MergeDialog customer={c} open={merging} onOpenChange={setMerging} />
    </div>
  );
}
