import type { ReactNode } from 'react';

/** A table's row of column headings, each with its own classes (widths and alignment differ per table). */
export function ColumnHeads({ columns, className }: { columns: [label: ReactNode, className: string][]; className?: string }) {
  return (
    <tr className={className}>
      {columns.map(([label, cls], i) => (
        <th key={i} scope="col" className={cls}>
          {label}
        </th>
      ))}
    </tr>
  );
}
