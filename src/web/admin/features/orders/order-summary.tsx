import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { moneyOut } from '../../../../shared/ledger';
import { formatThb } from '../../../../shared/money';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { formatDateTime, formatGymDate } from '../../lib/format';
import type { LedgerLine, StaffOrder } from './api';
import { KIND_LABELS, ORDER_METHOD_LABELS, PAYMENT_METHOD_LABELS } from './labels';

const thb = (satang: number) => formatThb(satang, 'fr');

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card className="p-4" data-testid={testId}>
      <h2 className="mb-3 text-base font-semibold text-gray-900">{title}</h2>
      {children}
    </Card>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-gray-700">{k}</dt>
          <dd className="min-w-0 wrap-anywhere text-gray-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const linkClass = 'inline-flex items-center gap-1 text-red-800 hover:underline focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

/** The pass and its gym days, and the buyer. */
export function OrderFacts({ order: o }: { order: StaffOrder }) {
  const sessions = o.creditsLeft === null ? 'Illimitées pendant la durée' : String(o.creditsLeft);
  return (
    <div className="grid gap-4">
      <Section title="Formule" testId="order-pass">
        <Rows
          rows={[
            ['Formule', o.passName],
            ['Type', KIND_LABELS[o.kind] ?? o.kind],
            ['Du', formatGymDate(o.startDate)],
            ['Au', formatGymDate(o.endDate)],
            ['Séances restantes', sessions],
            ['Paiement choisi', ORDER_METHOD_LABELS[o.method] ?? o.method],
            ['Commandée le', formatDateTime(o.createdAt)],
            ...(o.status === 'awaiting-payment' && o.expiresAt ? ([['Réservée jusqu’au', formatDateTime(o.expiresAt)]] as [string, ReactNode][]) : []),
          ]}
        />
      </Section>
      <Section title="Client" testId="order-customer">
        <Rows
          rows={[
            ['Nom', o.customerName],
            [
              'E-mail',
              o.customerEmail ? (
                <a className={linkClass} href={`mailto:${o.customerEmail}`}>
                  <Mail className="h-4 w-4 shrink-0" aria-hidden />
                  {o.customerEmail}
                </a>
              ) : (
                '—'
              ),
            ],
            ...(o.customerPhone
              ? ([
                  [
                    'Téléphone',
                    <a key="tel" className={linkClass} href={`tel:${o.customerPhone.replace(/[^\d+]/g, '')}`}>
                      <Phone className="h-4 w-4 shrink-0" aria-hidden />
                      {o.customerPhone}
                    </a>,
                  ],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
      </Section>
    </div>
  );
}

/** Price, deposit, paid, paid back and owed, in baht, French style. */
export function OrderMoney({ order: o }: { order: StaffOrder }) {
  const settled = o.status === 'cancelled' || o.status === 'expired' || o.status === 'refunded';
  const rows: [string, ReactNode][] = [['Prix', thb(o.amountSatang)]];
  if (o.depositSatang > 0) rows.push(['Acompte demandé', thb(o.depositSatang)]);
  rows.push(['Payé', <span data-testid="order-paid">{thb(o.paidSatang)}</span>]);
  if (o.refundedSatang > 0) rows.push(['Remboursé', <span data-testid="order-refunded">{thb(o.refundedSatang)}</span>]);
  if (o.chargedBackSatang > 0) rows.push(['Repris par la banque (litige)', <span data-testid="order-charged-back">{thb(o.chargedBackSatang)}</span>]);
  if (o.overpaidSatang > 0)
    rows.push([
      'Trop-perçu',
      <span data-testid="order-overpaid-amount" className="font-semibold text-red-800">
        {thb(o.overpaidSatang)}
      </span>,
    ]);
  rows.push([
    'Reste dû',
    <span data-testid="order-owed" className={o.owedSatang > 0 && !settled ? 'font-semibold text-red-800' : 'font-semibold'}>
      {thb(settled ? 0 : o.owedSatang)}
    </span>,
  ]);
  return (
    <Section title="Montants" testId="order-money">
      <Rows rows={rows.map(([k, v]): [string, ReactNode] => [k, <span className="tabular-nums">{v}</span>])} />
    </Section>
  );
}

/** What each kind of ledger line is called, its tone and its sign (money in +, money out −). */
const LINE_KINDS: Record<LedgerLine['kind'], { label: string; tone: 'green' | 'purple' | 'red' | 'blue'; out: boolean }> = {
  payment: { label: 'Paiement', tone: 'green', out: moneyOut('payment') },
  refund: { label: 'Remboursement', tone: 'purple', out: moneyOut('refund') },
  'refund-reversal': { label: 'Remboursement échoué (revenu)', tone: 'red', out: moneyOut('refund-reversal') },
  chargeback: { label: 'Litige : argent repris', tone: 'red', out: moneyOut('chargeback') },
  'chargeback-reversal': { label: 'Litige : argent rendu', tone: 'blue', out: moneyOut('chargeback-reversal') },
};

/** The dispute (chargeback) of the order's card payment: what, why, and the deadline in gym time. */
export function OrderDispute({ dispute }: { dispute: NonNullable<StaffOrder['dispute']> }) {
  const open = !['won', 'lost', 'warning_closed', 'prevented'].includes(dispute.status);
  return (
    <Section title="Litige (contestation du paiement par carte)" testId="order-dispute">
      <Rows
        rows={[
          ['Statut', <Badge tone={open ? 'red' : 'gray'}>{DISPUTE_STATUS_LABELS[dispute.status] ?? dispute.status}</Badge>],
          ['Montant', <span className="tabular-nums">{thb(dispute.amountSatang)}</span>],
          ['Motif', dispute.reason ? (DISPUTE_REASON_LABELS[dispute.reason] ?? dispute.reason) : '—'],
          ...(dispute.evidenceDueBy
            ? ([
                [
                  'Réponse à envoyer avant',
                  <span data-testid="dispute-deadline" className={open ? 'font-semibold text-red-800' : ''}>
                    {formatDateTime(dispute.evidenceDueBy)}
                  </span>,
                ],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
      {open && (
        <p className="mt-3 text-sm text-gray-700">
          Répondez depuis le tableau de bord Stripe (litige {dispute.id}), avec les preuves de la formule et des séances.
        </p>
      )}
    </Section>
  );
}

const DISPUTE_REASON_LABELS: Record<string, string> = {
  fraudulent: 'Fraude alléguée (paiement non autorisé)',
  product_not_received: 'Prestation non reçue',
  product_unacceptable: 'Prestation contestée',
  duplicate: 'Paiement en double',
  credit_not_processed: 'Remboursement attendu non reçu',
  subscription_canceled: 'Abonnement résilié',
  unrecognized: 'Paiement non reconnu',
  general: 'Général',
};

const DISPUTE_STATUS_LABELS: Record<string, string> = {
  warning_needs_response: 'Alerte : réponse attendue',
  warning_under_review: 'Alerte : en examen',
  warning_closed: 'Alerte close',
  needs_response: 'Réponse attendue',
  under_review: 'En examen par la banque',
  won: 'Gagné',
  lost: 'Perdu',
  prevented: 'Évité',
};

/** A card refund Stripe refused (nothing was refunded): staff refund another way. */
export function OrderRefundFailure({ failure }: { failure: NonNullable<StaffOrder['refundFailure']> }) {
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="order-refund-failure">
      <p className="font-semibold">Remboursement par carte refusé par Stripe : {thb(failure.amountSatang)}</p>
      <p className="mt-1">
        {failure.error ? `Raison : ${failure.error}. ` : ''}Rien n’a été remboursé : remboursez autrement (espèces, virement) ou réessayez.
      </p>
    </div>
  );
}

/** Payments and refunds, oldest first: when, how, how much, who recorded it and the note. */
export function OrderLedger({ lines }: { lines: LedgerLine[] }) {
  return (
    <Section title="Paiements et remboursements" testId="order-ledger">
      {lines.length === 0 ? (
        <p className="text-sm text-gray-700">Aucun paiement enregistré.</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {lines.map((l) => (
            <li key={l.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm" data-testid="ledger-line">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={LINE_KINDS[l.kind].tone}>{LINE_KINDS[l.kind].label}</Badge>
                  <span className="text-gray-900">{PAYMENT_METHOD_LABELS[l.method] ?? l.method}</span>
                </div>
                <p className="mt-1 text-gray-700">
                  {formatDateTime(l.createdAt)}
                  {l.createdByName ? ` · par ${l.createdByName}` : ''}
                </p>
                {l.note && <p className="mt-1 wrap-anywhere whitespace-pre-wrap text-gray-800">{l.note}</p>}
              </div>
              <span className={`font-semibold tabular-nums ${LINE_KINDS[l.kind].out ? 'text-purple-800' : 'text-gray-900'}`}>
                {LINE_KINDS[l.kind].out ? `− ${thb(l.amountSatang)}` : thb(l.amountSatang)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The transfer slip the buyer sent with a PromptPay order (an uploaded image). */
export function OrderSlip({ url }: { url: string }) {
  return (
    <Section title="Justificatif de virement" testId="order-slip">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="block w-fit focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
      >
        <img
          src={url}
          alt="Justificatif de virement envoyé par le client"
          className="max-h-96 w-auto max-w-full rounded border border-gray-200"
          loading="lazy"
        />
      </a>
      <p className="mt-2 text-xs text-gray-700">Touchez l’image pour l’ouvrir en grand.</p>
    </Section>
  );
}
