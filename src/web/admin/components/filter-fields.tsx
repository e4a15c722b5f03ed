import { Search } from 'lucide-react';
import type { useListParams } from '../lib/list-state';
import { Field, Input } from './ui/field';
import { Select, type SelectOption } from './ui/select';

type ParamAccess = Pick<ReturnType<typeof useListParams>, 'get' | 'set'>;

/** The value a list's select uses for "no filter" (never a real value of a list). */
export const ALL_VALUES = 'all';

/** A list's search box: a magnifier drawn inside the field, the text as typed. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  className,
  inputClassName = 'h-11 pl-9 md:h-10',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  /** The wrapper's place in the filters' grid, after `relative`. */
  className?: string;
  inputClassName?: string;
}) {
  return (
    <div className={className ? `relative ${className}` : 'relative'}>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-600" aria-hidden />
      <Input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} className={inputClassName} />
    </div>
  );
}

/**
 * A labelled select bound to one parameter of the address: `fallback` (by default "all") is what
 * shows when the parameter is absent, and choosing it drops the parameter.
 */
export function ParamSelect({
  id,
  label,
  param,
  options,
  fallback = ALL_VALUES,
  get,
  set,
}: ParamAccess & { id: string; label: string; param: string; options: SelectOption[]; fallback?: string }) {
  return (
    <Field id={id} label={label}>
      <Select
        id={id}
        aria-label={label}
        value={get(param) || fallback}
        onValueChange={(v) => set({ [param]: v === fallback ? undefined : v })}
        options={options}
      />
    </Field>
  );
}

/** The "du" and "au" dates of a list's filters, each bounding the other. */
export function DateRangeFields({ idPrefix, fromLabel, get, set }: ParamAccess & { idPrefix: string; fromLabel: string }) {
  return (
    <>
      <Field id={`${idPrefix}-from`} label={fromLabel}>
        <Input id={`${idPrefix}-from`} type="date" value={get('du')} max={get('au') || undefined} onChange={(e) => set({ du: e.target.value })} />
      </Field>
      <Field id={`${idPrefix}-to`} label="Au">
        <Input id={`${idPrefix}-to`} type="date" value={get('au')} min={get('du') || undefined} onChange={(e) => set({ au: e.target.value })} />
      </Field>
    </>
  );
}
