import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/** "N résultats · page X sur Y" and Précédent / Suivant, for a list paged by the server. */
export function Pager({
  label,
  total,
  page,
  pageSize,
  noun,
  onPage,
}: {
  label: string;
  total: number;
  page: number;
  pageSize: number;
  noun: [string, string];
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-2" aria-label={label}>
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden />
        Précédent
      </Button>
      <p className="order-first w-full text-center text-sm text-gray-700 sm:order-none sm:w-auto" aria-live="polite" data-testid="pager-status">
        {total} {total > 1 ? noun[1] : noun[0]} · page {Math.min(page, pages)} sur {pages}
      </p>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Suivant
        <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}
