import { Search } from 'lucide-react';
import type { OrderMethod, OrderState } from '../../../../shared/ledger';
import { FilterPanel, type FilterChip } from '../../components/filter-panel';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { formatGymDate } from '../../lib/format';
import { useSearchText, type useListParams } from '../../lib/list-state';
import { ALL, METHOD_OPTIONS, ORDER_METHOD_LABELS, STATE_LABELS, STATE_OPTIONS } from './labels';

type ListParams = ReturnType<typeof useListParams>;

const shortDate = (d: string) => formatGymDate(d, { weekday: false });

/** The active filters as chips (the folded panel's, on a phone). */
function chipsOf({ get, set }: Pick<ListParams, 'get' | 'set'>): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: string, label: string) => chips.push({ key, label, onRemove: () => set({ [key]: undefined }) });
  const state = get('statut') as OrderState | '';
  if (state) add('statut', `Statut : ${STATE_LABELS[state] ?? state}`);
  const method = get('moyen') as OrderMethod | '';
  if (method) add('moyen', `Paiement : ${ORDER_METHOD_LABELS[method] ?? method}`);
  if (get('du')) add('du', `Commandées du ${shortDate(get('du'))}`);
  if (get('au')) add('au', `Au ${shortDate(get('au'))}`);
  if (get('attention') === 'oui') add('attention', 'À traiter seulement');
  return chips;
}

/** The search box and the filters of the orders list; every value lives in the address. */
export function OrderFilters({ get, set, total }: Pick<ListParams, 'get' | 'set'> & { total?: number }) {
  const [text, setText] = useSearchText(get('q'), (q) => set({ q }));
  return (
    <FilterPanel
      label="Rechercher et filtrer les commandes"
      wideClassName="grid grid-cols-2 gap-3 lg:grid-cols-4"
      onSubmit={() => set({ q: text.trim() })}
      chips={chipsOf({ get, set })}
      onClear={() => set({ statut: undefined, moyen: undefined, du: undefined, au: undefined, attention: undefined })}
      resultLabel={total === undefined ? undefined : `Voir ${total} commande${total > 1 ? 's' : ''}`}
      search={
        <div className="relative col-span-2 self-end lg:col-span-4">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-600" aria-hidden />
          <Input
            type="search"
            aria-label="Rechercher par nom, e-mail ou référence"
            placeholder="Nom, e-mail ou référence…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="h-11 pl-9 md:h-10"
          />
        </div>
      }
      fields={
        <>
          <Field id="order-filter-status" label="Statut">
            <Select
              id="order-filter-status"
              aria-label="Statut"
              value={get('statut') || ALL}
              onValueChange={(v) => set({ statut: v === ALL ? undefined : v })}
              options={STATE_OPTIONS}
            />
          </Field>
          <Field id="order-filter-method" label="Moyen de paiement">
            <Select
              id="order-filter-method"
              aria-label="Moyen de paiement"
              value={get('moyen') || ALL}
              onValueChange={(v) => set({ moyen: v === ALL ? undefined : v })}
              options={METHOD_OPTIONS}
            />
          </Field>
          <Field id="order-filter-from" label="Commandées du">
            <Input id="order-filter-from" type="date" value={get('du')} max={get('au') || undefined} onChange={(e) => set({ du: e.target.value })} />
          </Field>
          <Field id="order-filter-to" label="Au">
            <Input id="order-filter-to" type="date" value={get('au')} min={get('du') || undefined} onChange={(e) => set({ au: e.target.value })} />
          </Field>
          <label className="col-span-2 flex min-h-11 items-center gap-2 text-sm text-gray-900 lg:col-span-4" htmlFor="order-filter-attention">
            <input
              id="order-filter-attention"
              type="checkbox"
              className="h-5 w-5 shrink-0 accent-red-700"
              checked={get('attention') === 'oui'}
              onChange={(e) => set({ attention: e.target.checked ? 'oui' : undefined })}
            />
            À traiter seulement : trop-perçu, litige, remboursement refusé
          </label>
        </>
      }
    />
  );
}
