import { SlidersHorizontal, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useWideScreen } from '../lib/use-media-query';
import { Button } from './ui/button';

/** One active filter as a chip: what it keeps ("Cours : Wrestling") and how to drop it. */
export interface FilterChip {
  key: string;
  label: string;
  onRemove: () => void;
}

/**
 * A list's search and filters (issue 46 §4). From 768 px the fields sit in the page, laid out by
 * `wideClassName`; below, only the search box shows, beside one "Filtres" button with the count
 * of active filters that opens the fields full screen, and each active filter is a chip that
 * removes it. The fields are rendered once either way, and change the address as they are set.
 */
export function FilterPanel({
  label,
  search,
  fields,
  chips,
  onClear,
  onSubmit,
  wideClassName,
  resultLabel,
}: {
  /** The search form's name, e.g. "Rechercher et filtrer les réservations". */
  label: string;
  search: ReactNode;
  fields: ReactNode;
  chips: FilterChip[];
  /** Drops every filter in one change of the address (one history entry). */
  onClear: () => void;
  onSubmit?: () => void;
  wideClassName: string;
  /** The sheet's closing button, e.g. "Voir 12 réservations". */
  resultLabel?: string;
}) {
  const wide = useWideScreen();
  const [open, setOpen] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit?.();
  };

  if (wide) {
    return (
      <form role="search" aria-label={label} className={cn('mb-4', wideClassName)} onSubmit={submit}>
        {search}
        {fields}
      </form>
    );
  }

  const count = chips.length;
  return (
    <div className="mb-4">
      <form role="search" aria-label={label} className="flex items-end gap-2" onSubmit={submit}>
        <div className="min-w-0 flex-1 [&>*]:col-span-1">{search}</div>
        <Button type="button" variant="outline" className="h-11 shrink-0" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="filters-button">
          <SlidersHorizontal className="h-4 w-4" aria-hidden />
          Filtres
          {count > 0 && (
            <span className="ml-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
              {count}
            </span>
          )}
        </Button>
      </form>
      {count > 0 && (
        <ul className="mt-2 flex flex-wrap gap-x-1" aria-label="Filtres actifs" data-testid="filter-chips">
          {chips.map((c) => (
            <li key={c.key}>
              {/* The button is 44 px tall for a thumb; the chip drawn inside it is smaller. */}
              <button
                type="button"
                onClick={c.onRemove}
                aria-label={`Retirer le filtre ${c.label}`}
                className="group inline-flex min-h-11 max-w-full items-center focus-visible:outline-none"
              >
                <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-gray-900 py-1 pr-2 pl-3 text-sm text-white group-hover:bg-gray-700 group-focus-visible:ring-2 group-focus-visible:ring-red-600 group-focus-visible:ring-offset-2">
                  <span className="min-w-0 truncate">{c.label}</span>
                  <X className="h-4 w-4 shrink-0" aria-hidden />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Content aria-describedby={undefined} className="fixed inset-0 z-50 flex flex-col bg-white focus:outline-none" data-testid="filters-sheet">
            <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-4 py-2">
              <Dialog.Title className="text-lg font-semibold text-gray-900">Filtres</Dialog.Title>
              <Dialog.Close asChild>
                <Button variant="ghost" className="h-11 w-11 p-0" aria-label="Fermer les filtres">
                  <X className="h-5 w-5" aria-hidden />
                </Button>
              </Dialog.Close>
            </div>
            {/* One column of fields 44 px tall, for a thumb (a flex column: the page's grid spans mean nothing here). */}
            <div className="flex flex-1 flex-col gap-4 overflow-y-auto p-4 [&_[role=combobox]]:h-11 [&_input:not([type=checkbox])]:h-11">{fields}</div>
            {/* At the bottom, under the thumb: the filters apply as they are set, this closes. */}
            <div className="flex gap-2 border-t border-gray-200 p-4">
              <Button type="button" variant="outline" className="h-11 flex-1" disabled={count === 0} onClick={onClear}>
                Tout effacer
              </Button>
              <Dialog.Close asChild>
                <Button className="h-11 flex-1">{resultLabel ?? 'Voir la liste'}</Button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
