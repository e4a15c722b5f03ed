import type { OrderMethod, OrderState } from '../../../../shared/ledger';
import { FilterPanel, type FilterChip } from '../../components/filter-panel';
import { DateRangeFields, ParamSelect, SearchBox } from '../../components/filter-fields';
import { formatGymDate } from '../../lib/format';
import { useSearchText, type useListParams } from '../../lib/list-state';
import { METHOD_OPTIONS, ORDER_METHOD_LABELS, STATE_LABELS, STATE_OPTIONS } from './labels';

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
        <SearchBox
          className="col-span-2 self-end lg:col-span-4"
          label="Rechercher par nom, e-mail ou référence"
          placeholder="Nom, e-mail ou référence…"
          value={text}
          onChange={setText}
        />
      }
      fields={
        <>
          <ParamSelect id="order-filter-status" label="Statut" param="statut" options={STATE_OPTIONS} get={get} set={set} />
          <ParamSelect id="order-filter-method" label="Moyen de paiement" param="moyen" options={METHOD_OPTIONS} get={get} set={set} />
          <DateRangeFields idPrefix="order-filter" fromLabel="Commandées du" get={get} set={set} />
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
