import { Search } from 'lucide-react';
import { RESERVATION_SORTS } from '../../../../shared/schemas/lists';
import { CLASSES } from '../../../../shared/site';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { gymZoneName } from '../../lib/format';
import { useSearchText, type useListParams } from '../../lib/list-state';
import { ALL, SORT_LABELS, STATUS_OPTIONS, WHEN_OPTIONS } from './labels';

type ListParams = ReturnType<typeof useListParams>;

/** The search box, the filters and the archived switch; every value lives in the address. */
export function ReservationFilters({
  get,
  set,
  showArchived,
  classNames,
}: Pick<ListParams, 'get' | 'set'> & { showArchived: boolean; /** The timetable's classes (the site's own list is added). */ classNames: string[] }) {
  const courses = [...new Set([...classNames, ...CLASSES.map((c) => c.name)])].sort();
  const [text, setText] = useSearchText(get('q'), (q) => set({ q }));
  return (
    <>
      <form
        role="search"
        aria-label="Rechercher et filtrer les réservations"
        className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: text.trim() });
        }}
      >
        <div className="relative col-span-2 self-end">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-600" aria-hidden />
          <Input
            type="search"
            aria-label="Rechercher par nom, e-mail ou téléphone"
            placeholder="Nom, e-mail ou téléphone…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="pl-9"
          />
        </div>
        <Field id="filter-course" label="Cours">
          <Select
            id="filter-course"
            aria-label="Cours"
            value={get('cours') || ALL}
            onValueChange={(v) => set({ cours: v === ALL ? undefined : v })}
            options={[{ value: ALL, label: 'Tous les cours' }, ...courses.map((c) => ({ value: c, label: c }))]}
          />
        </Field>
        <Field id="filter-status" label="Statut">
          <Select
            id="filter-status"
            aria-label="Statut"
            value={get('statut') || ALL}
            onValueChange={(v) => set({ statut: v === ALL ? undefined : v })}
            options={STATUS_OPTIONS}
          />
        </Field>
        <Field id="filter-when" label="Passés ou à venir">
          <Select
            id="filter-when"
            aria-label="Passés ou à venir"
            value={get('quand') || ALL}
            onValueChange={(v) => set({ quand: v === ALL ? undefined : v })}
            options={WHEN_OPTIONS}
          />
        </Field>
        <Field id="filter-sort" label="Trier">
          <Select
            id="filter-sort"
            aria-label="Trier"
            value={get('tri') || '-created'}
            onValueChange={(v) => set({ tri: v === '-created' ? undefined : v })}
            options={RESERVATION_SORTS.map((v) => ({ value: v, label: SORT_LABELS[v] }))}
          />
        </Field>
        <Field id="filter-from" label="Cours du">
          <Input id="filter-from" type="date" value={get('du')} max={get('au') || undefined} onChange={(e) => set({ du: e.target.value })} />
        </Field>
        <Field id="filter-to" label="Au">
          <Input id="filter-to" type="date" value={get('au')} min={get('du') || undefined} onChange={(e) => set({ au: e.target.value })} />
        </Field>
      </form>
      <div className="mb-2 flex items-center gap-3">
        <Switch id="show-archived" checked={showArchived} onCheckedChange={(on) => set({ archivees: on ? '1' : undefined })} />
        <label htmlFor="show-archived" className="text-sm font-medium text-gray-900">
          Afficher les réservations archivées
        </label>
      </div>
      <p className="mb-4 text-xs text-gray-700" data-testid="list-zone">
        Dates et heures : {gymZoneName()}
      </p>
    </>
  );
}
