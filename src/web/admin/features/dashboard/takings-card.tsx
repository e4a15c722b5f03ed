import { Card } from '../../components/ui/card';
import { formatThb } from '../../../../shared/money';
import type { PaymentMethod } from '../../../../shared/ledger';

const METHOD_LABELS: Record<PaymentMethod, string> = {
  promptpay: 'PromptPay',
  card: 'Carte (en ligne)',
  cash: 'Espèces',
  terminal: 'Terminal de paiement',
  transfer: 'Virement',
};

/** This gym month's takings per payment method (payments minus refunds, satang from the API) and the passes sold. */
export function TakingsCard({ takings, passesSold }: { takings: { method: PaymentMethod; satang: number }[]; passesSold: number }) {
  const total = takings.reduce((n, t) => n + t.satang, 0);
  // A month with more refunds than payments shows a negative amount: formatThb takes a sign apart.
  const money = (satang: number) => (satang < 0 ? `−${formatThb(-satang, 'fr-FR')}` : formatThb(satang, 'fr-FR'));
  return (
    <Card className="p-5" data-testid="takings-this-month">
      <h2 className="mb-4 font-semibold text-gray-900">Encaissements du mois</h2>
      <ul className="grid gap-2 text-sm">
        {takings.map((t) => (
          <li key={t.method} className="flex justify-between gap-3">
            <span className="text-gray-700">{METHOD_LABELS[t.method]}</span>
            <span className="text-gray-900 tabular-nums">{money(t.satang)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-3 border-t border-gray-200 pt-2 font-medium">
          <span className="text-gray-900">Total</span>
          <span className="text-gray-900 tabular-nums">{money(total)}</span>
        </li>
      </ul>
      <p className="mt-4 text-sm text-gray-700" data-testid="passes-sold">
        {passesSold === 0 ? 'Aucun pass vendu ce mois-ci' : passesSold === 1 ? '1 pass vendu ce mois-ci' : `${passesSold} pass vendus ce mois-ci`}
      </p>
    </Card>
  );
}
