import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useWideScreen } from '../lib/use-media-query';

/** One column: its header, what a row shows in it, and numbers to the right. */
export interface DataColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/**
 * A list that is a table from 768 px and a card per row below (issue 46 §4): the first column is
 * the card's title, the others its "header: value" lines, so a phone never scrolls sideways and no
 * header is squeezed into a column narrower than its words.
 */
export function DataList<T>({
  rows,
  columns,
  rowKey,
  label,
  testId,
}: {
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The list's name for assistive tech (the table's caption, the cards' list). */
  label: string;
  testId?: string;
}) {
  const wide = useWideScreen();
  const [title, ...rest] = columns;
  if (!wide) {
    return (
      <ul className="grid gap-2" aria-label={label} data-testid={testId}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-md border border-gray-200 bg-white p-3 text-sm" data-testid="data-card">
            <p className="font-semibold wrap-anywhere text-gray-900">{title.cell(row)}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
              {rest.map((c) => (
                <div key={c.key} className="contents">
                  <dt className="text-gray-700">{c.header}</dt>
                  <dd className={cn('text-right text-gray-900', c.numeric && 'tabular-nums')}>{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-b border-gray-200">
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cn('py-2 pr-3', c.numeric && 'text-right')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-gray-100">
              {columns.map((c) => (
                <td key={c.key} className={cn('py-2 pr-3', c.numeric && 'text-right tabular-nums')}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
