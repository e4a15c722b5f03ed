import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

/** One titled card of the account screen. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </Card>
  );
}
