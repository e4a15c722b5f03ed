import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CodeTakingsDto } from '../../../../shared/api-types';
import { formatThb } from '../../../../shared/money';
import { Card } from '../../components/ui/card';
import { ColumnHeads } from '../../components/ui/column-heads';

// Takings per discount code (issue 48 point 6): orders holding the code, the discount given and
// the money received on them net of refunds. Nothing shows until a code was used.

const money = (satang: number) => (satang < 0 ? `−${formatThb(-satang, 'fr-FR')}` : formatThb(satang, 'fr-FR'));

export function CodeTakingsCard() {
  const { data } = useQuery<CodeTakingsDto[]>({ queryKey: ['/api/discount-codes/takings'] });
  if (!data || data.length === 0) return null;
  return (
    <Card className="p-5" data-testid="code-takings">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-gray-900">Encaissements par code promo</h2>
        <Link to="/admin/orders/codes" className="text-sm font-medium text-gray-800 hover:underline">
          Codes promo
        </Link>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <ColumnHeads
              className="text-left text-gray-700"
              columns={[
                ['Code', 'py-1 pr-3 font-medium'],
                ['Commandes', 'py-1 pr-3 text-right font-medium'],
                ['Remises', 'py-1 pr-3 text-right font-medium'],
                ['Encaissé', 'py-1 text-right font-medium'],
              ]}
            />
          </thead>
          <tbody>
            {data.map((r) => (
              <tr key={r.code} className="border-t border-gray-200">
                <th scope="row" className="py-1.5 pr-3 text-left font-medium wrap-anywhere text-gray-900">
                  {r.code}
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">{r.orders}</td>
                <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">{money(r.discountSatang)}</td>
                <td className="py-1.5 text-right whitespace-nowrap tabular-nums">{money(r.takingsSatang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
