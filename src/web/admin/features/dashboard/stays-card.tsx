import { formatThb } from '../../../../shared/money';
import type { StayMonthDto } from '../../../../shared/api-types';
import { Card } from '../../components/ui/card';

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));
const money = (satang: number) => formatThb(satang, 'fr-FR');
const percent = (rate: number | null) => (rate === null ? '—' : new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 }).format(rate));

/** Rooms per gym month (issue 36 §7): occupancy, and takings from rooms and pickups apart from training (decision 161). */
export function StaysCard({ months }: { months: StayMonthDto[] }) {
  if (!months.some((m) => m.roomNightsAvailable > 0 || m.roomsSatang !== 0 || m.pickupsSatang !== 0)) return null;
  return (
    <Card className="min-w-0 p-5" data-testid="stay-figures">
      <h2 className="font-semibold text-gray-900">Hébergement par mois</h2>
      <p className="mb-4 text-sm text-gray-700">
        Nuits vendues sur nuits disponibles (hors chambres fermées), et encaissements (paiements moins remboursements) répartis entre entraînement, chambres et
        transferts au prorata des lignes de chaque commande.
      </p>
      {/* Six columns scroll sideways on a phone: reached by keyboard (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Hébergement par mois">
        <table className="w-full text-xs sm:text-sm">
          <thead>
            <tr className="text-left text-gray-700">
              {['Mois', 'Occupation', 'Nuits', 'Chambres', 'Transferts', 'Entraînement'].map((h, i) => (
                <th key={h} scope="col" className={i === 0 ? 'py-1 pr-2 font-medium' : 'py-1 pl-2 text-right font-medium'}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...months].reverse().map((m) => (
              <tr key={m.month} className="border-t border-gray-200" data-testid="stay-month">
                <th scope="row" className="py-1 pr-2 text-left font-normal whitespace-nowrap text-gray-900">
                  {monthLabel(m.month)}
                </th>
                <td className="py-1 pl-2 text-right tabular-nums">{percent(m.occupancy)}</td>
                <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums">
                  {m.roomNightsSold} / {m.roomNightsAvailable}
                </td>
                <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums">{money(m.roomsSatang)}</td>
                <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums">{money(m.pickupsSatang)}</td>
                <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums">{money(m.trainingSatang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
