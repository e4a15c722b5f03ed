import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

// The building blocks of the desk's day on the dashboard: a card per part of the day, its rows
// each a link (a thumb's height) to the screen where the thing is handled.

export function TodaySection({ id, title, to, linkLabel, children }: { id: string; title: string; to: string; linkLabel: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} data-testid={id} className="min-w-0 scroll-mt-4 rounded-lg border border-gray-200 bg-white shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-gray-100 py-1 pr-2 pl-4">
        <h2 id={`${id}-title`} className="font-semibold text-gray-900">
          {title}
        </h2>
        <Link
          to={to}
          className="inline-flex min-h-11 shrink-0 items-center rounded px-2 text-sm font-medium text-red-800 hover:underline focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
        >
          {linkLabel}
        </Link>
      </div>
      <ul className="divide-y divide-gray-100">{children}</ul>
    </section>
  );
}

/** One line of a part: what (and a detail under it), a figure on the right; the whole line is the link. */
export function TodayRow({
  to,
  label,
  detail,
  figure,
  tone = 'normal',
  testId,
}: {
  to: string;
  label: ReactNode;
  detail?: ReactNode;
  figure?: ReactNode;
  tone?: 'normal' | 'alert' | 'muted';
  testId?: string;
}) {
  return (
    <li data-testid={testId}>
      <Link
        to={to}
        className="flex min-h-12 items-center justify-between gap-3 px-4 py-2 hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none focus-visible:ring-inset"
      >
        <span className="min-w-0">
          <span className={cn('block text-sm font-medium wrap-anywhere', tone === 'muted' ? 'text-gray-700 line-through' : 'text-gray-900')}>{label}</span>
          {detail && <span className="block text-xs wrap-anywhere text-gray-700">{detail}</span>}
        </span>
        {figure !== undefined && (
          <span className={cn('shrink-0 text-right text-sm whitespace-nowrap tabular-nums', tone === 'alert' ? 'font-semibold text-red-800' : 'text-gray-900')}>
            {figure}
          </span>
        )}
      </Link>
    </li>
  );
}

/** A part with nothing today: said in one line, so the desk knows it was looked at. */
export function TodayEmpty({ children }: { children: ReactNode }) {
  return <li className="px-4 py-3 text-sm text-gray-700">{children}</li>;
}
