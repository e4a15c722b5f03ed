import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'gray' | 'red' | 'yellow' | 'green' | 'blue' | 'purple';

const tones: Record<BadgeTone, string> = {
  gray: 'bg-gray-100 text-gray-800 ring-gray-300',
  red: 'bg-red-100 text-red-800 ring-red-300',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  green: 'bg-green-100 text-green-800 ring-green-300',
  blue: 'bg-blue-100 text-blue-800 ring-blue-300',
  purple: 'bg-purple-100 text-purple-800 ring-purple-300',
};

/**
 * A status or label on one line. `truncate` is for a value someone typed (a category name): cut
 * with an ellipsis at the width available, in full in the title; fixed labels never shrink.
 */
export function Badge({
  tone = 'gray',
  className,
  truncate = false,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  truncate?: boolean;
  children: ReactNode;
}) {
  const base = 'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset';
  if (!truncate) return <span className={cn(base, tones[tone], className)}>{children}</span>;
  return (
    <span className={cn(base, 'max-w-full min-w-0', tones[tone], className)} title={typeof children === 'string' ? children : undefined}>
      <span className="truncate">{children}</span>
    </span>
  );
}
