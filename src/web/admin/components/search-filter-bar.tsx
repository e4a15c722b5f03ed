import { Search } from 'lucide-react';
import { Input } from './ui/field';
import { Select } from './ui/select';

/** The value the filter uses for "no filter" (never a real value of a list). */
const ALL = 'all';

/**
 * A list's search box and one filter beside it (the posts', conversations' and messages'
 * lists): the text as typed, and the filter's value or '' for all, as the address keeps them.
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
  return (
    <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-600" aria-hidden />
        <Input type="search" aria-label={searchLabel} placeholder={placeholder} value={text} onChange={(e) => onText(e.target.value)} className="pl-9" />
      </div>
      <div className="sm:w-48">
        <Select
          aria-label={filter.label}
          value={filter.value || ALL}
          onValueChange={(v) => filter.onChange(v === ALL ? undefined : v)}
          options={[{ value: ALL, label: filter.allLabel }, ...filter.options]}
        />
      </div>
    </div>
  );
}
