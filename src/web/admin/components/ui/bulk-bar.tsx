import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/** "3 réservations sélectionnées": French agreement of the count with the noun (singular, plural). */
export const selectedText = (count: number, noun: [string, string], feminine = false) =>
  `${count} ${count > 1 ? noun[1] : noun[0]} sélectionné${feminine ? 'e' : ''}${count > 1 ? 's' : ''}`;

/**
 * A row's checkbox (native: keyboard and screen readers for free), 24 px of target at least.
 */
export function RowCheckbox({ checked, onChange, label, className }: { checked: boolean; onChange: () => void; label: string; className?: string }) {
  return (
    <input
      type="checkbox"
      checked={checked}
      onChange={onChange}
      aria-label={label}
      className={cn('h-5 w-5 shrink-0 cursor-pointer accent-red-700 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none', className)}
    />
  );
}

/** The page's select-all, "mixed" when some of the page's rows are ticked. */
export function PageCheckbox({ state, onChange, label }: { state: boolean | 'mixed'; onChange: () => void; label: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'mixed';
  }, [state]);
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-gray-900">
      <input
        ref={ref}
        type="checkbox"
        checked={state === true}
        onChange={onChange}
        className="h-5 w-5 cursor-pointer accent-red-700 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
      />
      {label}
    </label>
  );
}

/**
 * The bulk bar (issue 13): what is selected and the actions that apply to the list. It sticks to
 * the bottom of the screen while rows are selected (the toasts are at the top: neither covers the
 * other), and is a labelled region so a screen reader finds it.
 */
export function BulkBar({
  count,
  text,
  onClear,
  children,
  regionLabel = 'Actions sur la sélection',
  clearLabel = 'Tout désélectionner',
}: {
  count: number;
  text: string;
  onClear: () => void;
  children: ReactNode;
  /** The conversation screens are in English (SPEC.md §1). */
  regionLabel?: string;
  clearLabel?: string;
}) {
  if (count === 0) return null;
  return (
    <section
      aria-label={regionLabel}
      className="sticky bottom-[var(--admin-bottom-inset,0px)] z-20 -mx-4 mt-4 flex flex-wrap items-center gap-2 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:mx-0 sm:rounded-lg sm:border"
      data-testid="bulk-bar"
    >
      <p className="mr-auto text-sm font-semibold text-gray-900" aria-live="polite">
        {text}
      </p>
      <div className="flex flex-wrap gap-2">
        {children}
        <Button variant="ghost" size="sm" onClick={onClear}>
          {clearLabel}
        </Button>
      </div>
    </section>
  );
}
