import { Search } from 'lucide-react';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { useSearchText, type useListParams } from '../../lib/list-state';
import { ALL, METHOD_OPTIONS, STATE_OPTIONS } from './labels';

type ListParams = ReturnType<typeof useListParams>;

/** The search box and the filters of the orders list; every value lives in the address. */
export function OrderFilters({ get, set }: Pick<ListParams, 'get' | 'set'>) {
  const [text, setText] = useSearchText(get('q'), (q) => set({ q }));
  return (
    <form
      role="search"
      aria-label="Rechercher et filtrer les commandes"
      className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        set({ q: text.trim() });
      }}
    >
      <div className="relative col-span-2 self-end lg:col-span-4">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-600" aria-hidden />
        <Input
          type="search"
          aria-label="Rechercher par nom, e-mail ou référence"
          placeholder="Nom, e-mail ou référence…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="pl-9"
        />
      </div>
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
          className="h-5 w-5 accent-red-700"
          checked={get('attention') === 'oui'}
          onChange={(e) => set({ attention: e.target.checked ? 'oui' : undefined })}
        />
        À traiter seulement : trop-perçu, litige, remboursement refusé
      </label>
    </form>
  );
}
