import { Check, Mail, Phone, UserX } from 'lucide-react';
import type { Attendance } from '../../../../shared/constants';
import { LanguageBadge } from '../../components/language-badge';
import { Badge } from '../../components/ui/badge';
import { MercyBadges, WaiveButton, waivable } from '../../components/waive-button';
import { cn } from '../../lib/cn';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { formatThb } from '../../../../shared/money';
import { useSetAttendance, type RosterEntry } from './api';
import { SOURCE_LABELS, SOURCE_TONES } from '../../lib/reservation-source';

/** Call or write from the roster with a thumb: 44 px tall links on a phone, a text line from 640 px. */
const thumb = 'min-h-11 sm:min-h-0';

export function RosterRow({ r, date }: { r: RosterEntry; date: string }) {
  const setAttendance = useSetAttendance(date);
  const run = useAction();
  const flight = useSingleFlight();
  const cancelled = r.status === 'cancelled';

  const mark = (value: Attendance) =>
    flight.run(() => {
      const next = r.attendance === value ? null : value;
      return run(() => setAttendance.mutateAsync({ id: r.id, attendance: next }), { failure: "Impossible d'enregistrer la présence" });
    });

  const toggle = (value: Attendance, label: string, Icon: typeof Check, on: string) => {
    const pressed = r.attendance === value;
    return (
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={`${label} : ${r.name}`}
        onClick={() => void mark(value)}
        className={cn(
          'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md border text-sm font-medium transition-colors sm:min-w-[5.5rem] sm:px-3',
          'focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 focus-visible:outline-none',
          pressed ? on : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-50',
        )}
      >
        <Icon className="h-5 w-5 sm:h-4 sm:w-4" aria-hidden />
        {/* On a phone the mark is its icon (its name is the aria-label), so it fits beside the call and mail links. */}
        <span className="hidden sm:inline">{label}</span>
      </button>
    );
  };

  return (
    // One compact row on a phone (issue 46 §4): the name and badges on top, then the call and mail
    // links with the two marks at the right, under the thumb. From 640 px the marks sit beside both lines.
    <li
      className={cn('grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-2', waivable(r) && 'sm:grid-cols-[minmax(0,1fr)_auto_auto]')}
      data-testid="roster-row"
    >
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1">
        <span className={cn('font-medium wrap-anywhere text-gray-900', cancelled && 'text-gray-600 line-through')}>{r.name}</span>
        <Badge tone={SOURCE_TONES[r.source]}>{SOURCE_LABELS[r.source]}</Badge>
        <LanguageBadge language={r.language} />
        {cancelled && <Badge tone="yellow">Annulée</Badge>}
        <MercyBadges r={r} />
        {r.waiver === 'missing' && <Badge tone="red">Décharge manquante</Badge>}
        {r.waiver === 'conditions' && <Badge tone="yellow">Santé déclarée</Badge>}
        {r.pass && (
          <Badge tone={r.pass.returned ? 'gray' : 'green'} truncate>
            {`Pass ${r.pass.name} · ${r.pass.creditsLeft == null ? 'illimité' : `${r.pass.creditsLeft} séance${r.pass.creditsLeft > 1 ? 's' : ''} restante${r.pass.creditsLeft > 1 ? 's' : ''}`}${r.pass.returned ? ' · séance rendue' : ''}`}
          </Badge>
        )}
        {r.owedSatang != null && r.owedSatang > 0 ? <Badge tone="red">{`Doit ${formatThb(r.owedSatang, 'fr-FR')}`}</Badge> : null}
      </div>
      <div className="col-start-1 mt-0.5 flex min-w-0 flex-wrap gap-x-3 text-sm text-gray-700">
        {r.phone && (
          <a
            href={`tel:${r.phone.replace(/[^\d+]/g, '')}`}
            className={cn('inline-flex items-center gap-1 wrap-anywhere underline-offset-2 hover:underline', thumb)}
          >
            <Phone className="h-3.5 w-3.5" aria-hidden />
            {r.phone}
          </a>
        )}
        {r.email && (
          <a
            href={`mailto:${r.email}`}
            title={r.email}
            className={cn(
              'inline-flex min-w-0 items-center gap-1 wrap-anywhere underline-offset-2 hover:underline',
              thumb,
              r.phone && 'min-w-11 justify-center sm:min-w-0 sm:justify-start',
            )}
          >
            <Mail className={cn('shrink-0', r.phone ? 'h-4 w-4 sm:h-3.5 sm:w-3.5' : 'h-3.5 w-3.5')} aria-hidden />
            {/* Beside a phone number on a phone, the link is its icon (the address is in its title
                  and read aloud) so the links and the marks share one 44 px line. */}
            {r.phone ? <span className="sr-only sm:not-sr-only">{r.email}</span> : r.email}
          </a>
        )}
      </div>
      {!cancelled && (
        <div className="col-start-2 row-start-2 flex gap-2 sm:row-span-2 sm:row-start-1" role="group" aria-label={`Présence de ${r.name}`}>
          {toggle('present', 'Présent', Check, 'border-green-700 bg-green-700 text-white hover:bg-green-800')}
          {toggle('no_show', 'Absent', UserX, 'border-red-700 bg-red-700 text-white hover:bg-red-800')}
        </div>
      )}
      {waivable(r) && (
        <div className="col-span-2 mt-2 sm:col-span-1 sm:col-start-3 sm:row-span-2 sm:row-start-1 sm:mt-0">
          <WaiveButton r={r} compact />
        </div>
      )}
    </li>
  );
}
