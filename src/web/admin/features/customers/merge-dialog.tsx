import { useState } from 'react';
import type { CustomerDetailDto, CustomerDto } from '../../../../shared/api-types';
import { listSearch } from '../../../../shared/schemas/lists';
import { SearchBox } from '../../components/filter-fields';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Modal } from '../../components/ui/dialog';
import { useSearchText } from '../../lib/list-state';
import { useAction } from '../../lib/use-action';
import { useCustomerPage, useMergeCustomer } from './api';
import { plural } from './labels';

/** How a customer is told apart in the picker: e-mail, else phone. */
const contactOf = (c: CustomerDto) => [c.email, c.phone].filter(Boolean).join(' · ') || 'Sans e-mail ni téléphone';

/**
 * "Fusionner avec…": staff find the other record of the same person, then confirm. The other
 * record's bookings, passes and conversations move to this one; it is kept as merged.
 */
export function MergeDialog({ customer, open, onOpenChange }: { customer: CustomerDetailDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [query, setQuery] = useState('');
  const [text, setText] = useSearchText(query, setQuery, 250);
  const [picked, setPicked] = useState<CustomerDto | null>(null);
  const { data, isFetching } = useCustomerPage(listSearch({ q: query, pageSize: 8 }));
  const merge = useMergeCustomer(customer.id);
  const run = useAction();
  const others = (data?.items ?? []).filter((c) => c.id !== customer.id);

  const close = () => {
    setPicked(null);
    setText('');
    setQuery('');
    onOpenChange(false);
  };
  const confirm = (other: CustomerDto) =>
    run(() => merge.mutateAsync(other.id), {
      success: (done) => ({
        title: 'Fiches fusionnées',
        description: `${done.moved.bookings} réservation${plural(done.moved.bookings)}, ${done.moved.orders} commande${plural(done.moved.orders)} et ${done.moved.conversations} conversation${plural(done.moved.conversations)} rattachées à ${customer.name}.`,
      }),
      failure: 'La fusion a échoué.',
      onSettled: close,
    });

  return (
    <>
      <Modal
        open={open && !picked}
        onOpenChange={(o) => (o ? onOpenChange(true) : close())}
        title="Fusionner avec…"
        description={`Choisissez l'autre fiche de ${customer.name} : elle sera rattachée à celle-ci.`}
      >
        <SearchBox label="Rechercher l'autre fiche" placeholder="Nom, e-mail ou téléphone…" value={text} onChange={setText} inputClassName="pl-9" />
        <ul className="mt-3 max-h-72 divide-y divide-gray-200 overflow-y-auto" aria-label="Fiches trouvées" aria-busy={isFetching}>
          {others.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-gray-900">{c.name}</p>
                <p className="truncate text-sm text-gray-700">{contactOf(c)}</p>
              </div>
              <Button size="sm" variant="outline" onClick={() => setPicked(c)} aria-label={`Choisir ${c.name} (${contactOf(c)})`}>
                Choisir
              </Button>
            </li>
          ))}
          {data && others.length === 0 && <li className="py-2 text-sm text-gray-700">Aucune autre fiche trouvée.</li>}
        </ul>
      </Modal>
      <ConfirmDialog
        open={open && picked !== null}
        onOpenChange={(o) => {
          if (!o) setPicked(null);
        }}
        title="Fusionner ces fiches ?"
        description={
          picked && (
            <>
              Les réservations, formules, paiements et conversations de <strong>{picked.name}</strong> ({contactOf(picked)}) passeront sur la fiche de{' '}
              <strong>{customer.name}</strong>. Cette action est définitive.
            </>
          )
        }
        confirmLabel="Fusionner"
        busy={merge.isPending}
        onConfirm={() => picked && void confirm(picked)}
      />
    </>
  );
}
