import { CalendarCheck, CheckCircle2, Mail, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';

function Tile({ label, value, icon: Icon, tone }: { label: string; value: number; icon: LucideIcon; tone: string }) {
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-5">
      <div className={`hidden rounded-md p-3 sm:block ${tone}`}>
        <Icon className="h-6 w-6" aria-hidden />
      </div>
      <div>
        <p className="text-xs text-gray-700 sm:text-sm">{label}</p>
        <p className="text-xl font-bold text-gray-900 sm:text-2xl">{value}</p>
      </div>
    </Card>
  );
}

/** The list's three counts (of every booking, not only the page shown). */
export function SummaryTiles({ all, unread, treated }: { all: number; unread: number; treated: number }) {
  return (
    <section aria-label="Résumé" className="mb-6 grid grid-cols-3 gap-2 sm:gap-4">
      <Tile label="Total réservations" value={all} icon={CalendarCheck} tone="bg-gray-100 text-gray-800" />
      <Tile label="Non lues" value={unread} icon={Mail} tone="bg-red-100 text-red-800" />
      <Tile label="Traitées" value={treated} icon={CheckCircle2} tone="bg-green-100 text-green-800" />
    </section>
  );
}
