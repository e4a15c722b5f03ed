import { RESERVATION_SORTS, type ReservationSort } from '../../../../shared/schemas/lists';
import type { ReservationStatus } from '../../../../shared/constants';
import { CLASSES } from '../../../../shared/site';
import { FilterPanel, type FilterChip } from '../../components/filter-panel';
import { DateRangeFields, ParamSelect, SearchBox } from '../../components/filter-fields';
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
          <SearchBox
            className="col-span-2 self-end"
            label="Rechercher par nom, e-mail ou téléphone"
            placeholder="Nom, e-mail ou téléphone…"
            value={text}
            onChange={setText}
          />
        }
        fields={
          <>
            <ParamSelect
              id="filter-course"
              label="Cours"
              param="cours"
              options={[{ value: ALL, label: 'Tous les cours' }, ...courses.map((c) => ({ value: c, label: c }))]}
              get={get}
              set={set}
            />
            <ParamSelect id="filter-status" label="Statut" param="statut" options={STATUS_OPTIONS} get={get} set={set} />
            <ParamSelect id="filter-when" label="Passés ou à venir" param="quand" options={WHEN_OPTIONS} get={get} set={set} />
            <ParamSelect
              id="filter-sort"
              label="Trier"
              param="tri"
              fallback="-created"
              options={RESERVATION_SORTS.map((v) => ({ value: v, label: SORT_LABELS[v] }))}
              get={get}
              set={set}
            />
            <DateRangeFields idPrefix="filter" fromLabel="Cours du" get={get} set={set} />
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
