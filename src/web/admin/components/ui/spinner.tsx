import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ label = 'Chargement...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 p-8 text-gray-700', className)}>
      <Loader2 className="h-6 w-6 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}
