import { ALL_VALUES as ALL, SearchBox } from './filter-fields';
import { FilterPanel } from './filter-panel';
import { Field } from './ui/field';
import { Select } from './ui/select';

/**
 * A list's search box and one filter beside it (the posts', conversations' and messages'
 * lists): the text as typed, and the filter's value or '' for all, as the address keeps them.
 * On a phone the filter folds behind the "Filtres" button and shows as a chip when set.
 */
export function SearchFilterBar({
  searchLabel,
  placeholder,
  text,
  onText,
  filter,
}: {
  searchLabel: string;
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  filter: { label: string; allLabel: string; value: string; onChange: (value: string | undefined) => void; options: { value: string; label: string }[] };
}) {
  const chosen = filter.options.find((o) => o.value === filter.value);
  const fieldId = `filter-${filter.label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <FilterPanel
      label={searchLabel}
      wideClassName="flex flex-row items-center gap-2"
      chips={filter.value ? [{ key: 'filter', label: chosen?.label ?? filter.value, onRemove: () => filter.onChange(undefined) }] : []}
      onClear={() => filter.onChange(undefined)}
      search={<SearchBox className="flex-1" label={searchLabel} placeholder={placeholder} value={text} onChange={onText} />}
      fields={
        <div className="md:w-48">
          {/* The label shows only in the phone's sheet; beside the search box the select names itself (aria-label). */}
          <Field id={fieldId} label={<span className="md:hidden">{filter.label}</span>}>
            <Select
              id={fieldId}
              aria-label={filter.label}
              value={filter.value || ALL}
              onValueChange={(v) => filter.onChange(v === ALL ? undefined : v)}
              options={[{ value: ALL, label: filter.allLabel }, ...filter.options]}
            />
          </Field>
        </div>
      }
    />
  );
}
