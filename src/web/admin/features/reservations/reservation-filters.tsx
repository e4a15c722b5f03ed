import { Search } from 'lucide-react';
import { RESERVATION_SORTS, type ReservationSort } from '../../../../shared/schemas/lists';
import type { ReservationStatus } from '../../../../shared/constants';
import { CLASSES } from '../../../../shared/site';
import { FilterPanel, type FilterChip } from '../../components/filter-panel';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { formatGymDate, gymZoneName } from '../../lib/format';
import { useSearchText, type useListParams } from '../../lib/list-state';
import { ALL, SORT_LABELS, STATUS_LABELS, STATUS_OPTIONS, WHEN_OPTIONS } from './labels';

type ListParams = ReturnType<typeof useListParams>;

const shortDate = (d: string) => formatGymDate(d, { weekday: false });

/** The active filters as chips (the folded panel's, on a phone); the search box stays in sight. */
function chipsOf({ get, set }: Pick<ListParams, 'get' | 'set'>): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: string, label: string) => chips.push({ key, label, onRemove: () => set({ [key]: undefined }) });
  if (get('cours')) add('cours', `Cours : ${get('cours')}`);
  const status = get('statut') as ReservationStatus | '';
  if (status) add('statut', `Statut : ${STATUS_LABELS[status] ?? status}`);
  const when = WHEN_OPTIONS.find((o) => o.value === get('quand'));
  if (when) add('quand', when.label);
  if (get('du')) add('du', `Cours du ${shortDate(get('du'))}`);
  if (get('au')) add('au', `Au ${shortDate(get('au'))}`);
  if (get('archivees') === '1') add('archivees', 'Archivées comprises');
  const sort = get('tri') as ReservationSort | '';
  if (sort) add('tri', `Tri : ${SORT_LABELS[sort] ?? sort}`);
  return chips;
}

/** The search box, the filters and the archived switch; every value lives in the address. */
export function ReservationFilters({
  get,
  set,
  showArchived,
  classNames,
  total,
}: Pick<ListParams, 'get' | 'set'> & {
  showArchived: boolean;
  /** The timetable's classes (the site's own list is added). */
  classNames: string[];
  /** How many bookings the filters keep, said on the phone's "show" button. */
  total?: number;
}) {
  const courses = [...new Set([...classNames, ...CLASSES.map((c) => c.name)])].sort();
  const [text, setText] = useSearchText(get('q'), (q) => set({ q }));
  return (
    <>
      <FilterPanel
        label="Rechercher et filtrer les réservations"
        wideClassName="grid grid-cols-2 gap-3 lg:grid-cols-4"
        onSubmit={() => set({ q: text.trim() })}
        chips={chipsOf({ get, set })}
        onClear={() => set({ cours: undefined, statut: undefined, quand: undefined, du: undefined, au: undefined, archivees: undefined, tri: undefined })}
        resultLabel={total === undefined ? undefined : `Voir ${total} réservation${total > 1 ? 's' : ''}`}
        search={
          <div className="relative col-span-2 self-end">
            <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-600" aria-hidden />
            <Input
              type="search"
              aria-label="Rechercher par nom, e-mail ou téléphone"
              placeholder="Nom, e-mail ou téléphone…"
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="h-11 pl-9 md:h-10"
            />
          </div>
        }
        fields={
          <>
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
            {/* The whole line is the switch's label: a 44 px row to tap. */}
            <label
              htmlFor="show-archived"
              className="col-span-2 flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-gray-900 lg:col-span-4"
            >
              <Switch id="show-archived" checked={showArchived} onCheckedChange={(on) => set({ archivees: on ? '1' : undefined })} />
              Afficher les réservations archivées
            </label>
          </>
        }
      />
      <p className="mb-4 text-xs text-gray-700" data-testid="list-zone">
        Dates et heures : {gymZoneName()}
      </p>
    </>
  );
}
