import { Card } from '../../components/ui/card';
import type { MonthlyCountsDto } from '../../../../shared/api-types';

/** One column per monthly figure; a new figure of the API needs its label here (the type asks for it). */
const FIGURE_LABELS: Record<keyof MonthlyCountsDto, string> = {
  gymCancelledClasses: 'Cours annulés',
  seatsFromWaitlist: 'Via liste d’attente',
  noShows: 'Absences',
  waivers: 'Pardons',
};

const FIGURES = Object.keys(FIGURE_LABELS) as (keyof MonthlyCountsDto)[];

/** 'YYYY-MM' as "nov. 2026" (a calendar month: no time zone involved). */
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));

/** The last months in gym time, newest first: classes the gym called off, no-shows and waivers. */
export function MonthlyCard({ months }: { months: ({ month: string } & MonthlyCountsDto)[] }) {
  return (
    <Card className="min-w-0 p-5" data-testid="monthly-figures">
      <h2 className="font-semibold text-gray-900">Par mois</h2>
      <p className="mb-4 text-sm text-gray-700">
        Cours annulés par le club, places pourvues par la liste d’attente, absences et pardons, mois en heure du club.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-xs sm:text-sm">
          <thead>
            <tr className="text-left text-gray-700">
              <th scope="col" className="py-1 pr-2 font-medium">
                Mois
              </th>
              {FIGURES.map((f) => (
                <th key={f} scope="col" className="py-1 pl-2 text-right align-bottom font-medium">
                  {FIGURE_LABELS[f]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...months].reverse().map((m) => (
              <tr key={m.month} className="border-t border-gray-200" data-testid="monthly-row">
                <th scope="row" className="py-1 pr-2 text-left font-normal whitespace-nowrap text-gray-900">
                  {monthLabel(m.month)}
                </th>
                {FIGURES.map((f) => (
                  <td key={f} className="py-1 pl-2 text-right text-gray-900 tabular-nums" data-figure={f}>
                    {m[f]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
