import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, Banknote, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatThb } from '../../../../shared/money';
import type { OrderRefundPayload } from '../../../../shared/schemas/orders';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { bahtInputText } from '../../lib/baht-input';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { useCancelOrder, useRecordPayment, useRecordRefund, type StaffOrder } from './api';
import { STAFF_PAYMENT_METHODS } from '../../../../shared/ledger';
import { PAYMENT_METHOD_LABELS, STATE_LABELS } from './labels';
import { orderErrorText } from './order-errors';
import { paymentFormSchema, refundFormSchema } from './sale-schema';

const thb = (satang: number) => formatThb(satang, 'fr');
const methodOptions = STAFF_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
const AMOUNT_HINT = 'En bahts : 1500, 1 500 ou 1500.50';

/** What may still be done with an order, by role: pay what is owed, refund (admin), cancel an unpaid one. */
export function orderAbilities(o: Pick<StaffOrder, 'status' | 'paidSatang' | 'refundedSatang' | 'owedSatang' | 'chargedBackSatang'>, isAdmin: boolean) {
  const net = o.paidSatang - o.refundedSatang - (o.chargedBackSatang ?? 0);
  const closed = o.status === 'cancelled' || o.status === 'refunded' || o.status === 'disputed';
  return {
    pay: !closed && o.owedSatang > 0,
    refund: isAdmin && net > 0,
    cancel: o.status === 'awaiting-payment' && o.paidSatang === 0,
    refundable: Math.max(0, net),
  };
}

/** The order's actions; each form opens in place under the buttons (no dialog over the page). */
export function OrderActions({ order, isAdmin }: { order: StaffOrder; isAdmin: boolean }) {
  const can = orderAbilities(order, isAdmin);
  const [open, setOpen] = useState<'payment' | 'refund' | null>(null);
  const [refundAmount, setRefundAmount] = useState<number | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const cancel = useCancelOrder(order.id);
  const run = useAction();
  const flight = useSingleFlight();

  const overpaid = order.overpaidSatang ?? 0;
  if (!can.pay && !can.refund && !can.cancel && overpaid <= 0) return null;
  const toggle = (form: 'payment' | 'refund') => {
    setRefundAmount(null);
    setOpen(open === form ? null : form);
  };
  return (
    <Card className="grid gap-4 p-4" data-testid="order-actions">
      {overpaid > 0 && (
        <div
          role="status"
          className="flex flex-col gap-2 rounded border border-red-300 bg-red-50 p-3 sm:flex-row sm:items-center sm:justify-between"
          data-testid="order-overpaid"
        >
          <p className="font-semibold text-red-900">Trop-perçu : {thb(overpaid)}</p>
          {can.refund && (
            <Button
              variant="destructive"
              onClick={() => {
                setRefundAmount(overpaid);
                setOpen('refund');
              }}
            >
              <Undo2 className="h-4 w-4" aria-hidden />
              Rembourser le trop-perçu
            </Button>
          )}
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {can.pay && (
          <Button aria-expanded={open === 'payment'} onClick={() => toggle('payment')}>
            <Banknote className="h-4 w-4" aria-hidden />
            Enregistrer un paiement
          </Button>
        )}
        {can.refund && (
          <Button variant="outline" aria-expanded={open === 'refund'} onClick={() => toggle('refund')}>
            <Undo2 className="h-4 w-4" aria-hidden />
            Rembourser
          </Button>
        )}
        {can.cancel && (
          <Button variant="outline" onClick={() => setConfirmCancel(true)}>
            <Ban className="h-4 w-4" aria-hidden />
            Annuler la commande
          </Button>
        )}
      </div>
      {cancelError && <ErrorAlert>{cancelError}</ErrorAlert>}
      {open === 'payment' && can.pay && <PaymentForm order={order} onDone={() => setOpen(null)} />}
      {open === 'refund' && can.refund && (
        <RefundForm
          key={refundAmount ?? 'all'}
          order={order}
          refundable={can.refundable}
          amount={refundAmount ?? can.refundable}
          onDone={() => setOpen(null)}
        />
      )}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Annuler la commande ?"
        description={`La commande ${order.reference} de ${order.customerName} sera annulée et ne pourra plus être payée.`}
        confirmLabel="Annuler la commande"
        cancelLabel="Garder la commande"
        busy={flight.busy}
        onConfirm={() =>
          void flight.run(async () => {
            setCancelError(null);
            await run(() => cancel.mutateAsync(undefined), {
              success: 'Commande annulée',
              failure: "Impossible d'annuler la commande",
              onError: (_message, err) => setCancelError(orderErrorText(err, 'cancel')),
              onSettled: () => setConfirmCancel(false),
            });
          })
        }
      />
    </Card>
  );
}

type PaymentIn = z.input<ReturnType<typeof paymentFormSchema>>;
type PaymentOut = z.output<ReturnType<typeof paymentFormSchema>>;

/** Money received: the amount owed is proposed; the method follows how the buyer chose to pay. */
function PaymentForm({ order, onDone }: { order: StaffOrder; onDone: () => void }) {
  const pay = useRecordPayment(order.id);
  const run = useAction();
  const flight = useSingleFlight();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<PaymentIn, unknown, PaymentOut>({
    resolver: zodResolver(paymentFormSchema(order.owedSatang)),
    defaultValues: { amount: bahtInputText(order.owedSatang), method: order.method === 'promptpay' ? 'promptpay' : 'cash', note: '' },
  });

  const onSubmit = handleSubmit((data) =>
    flight.run(async () => {
      setServerError(null);
      await run(
        async () => {
          const updated = await pay.mutateAsync(data);
          onDone();
          return updated;
        },
        {
          success: (updated) => ({
            title: 'Paiement enregistré',
            description: `${thb(data.amountSatang)}${updated?.status ? ` — ${STATE_LABELS[updated.status]}` : ''}`,
          }),
          failure: "Impossible d'enregistrer le paiement",
          onError: (_message, err) => setServerError(orderErrorText(err, 'payment')),
        },
      );
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 border-t border-gray-200 pt-4" aria-label="Enregistrer un paiement" data-testid="payment-form">
      <p className="text-sm text-gray-700">Reste dû : {thb(order.owedSatang)}</p>
      {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field id="payment-amount" label="Montant reçu (฿)" error={errors.amount?.message} hint={AMOUNT_HINT}>
          <Input inputMode="decimal" autoComplete="off" {...fieldAria('payment-amount', errors.amount?.message)} {...register('amount')} />
        </Field>
        <Controller
          control={control}
          name="method"
          render={({ field }) => (
            <Field id="payment-method" label="Moyen de paiement" error={errors.method?.message}>
              <Select id="payment-method" value={field.value} onValueChange={field.onChange} options={methodOptions} />
            </Field>
          )}
        />
      </div>
      <Field id="payment-note" label="Note (facultatif)" error={errors.note?.message}>
        <Textarea rows={2} {...fieldAria('payment-note', errors.note?.message)} {...register('note')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Fermer
        </Button>
        <Button type="submit" pending={flight.busy}>
          Enregistrer le paiement
        </Button>
      </div>
    </form>
  );
}

type RefundIn = z.input<ReturnType<typeof refundFormSchema>>;
type RefundOut = z.output<ReturnType<typeof refundFormSchema>>;

/** Money paid back (admin): checked, then confirmed in a dialog that names the amount. */
function RefundForm({ order, refundable, amount, onDone }: { order: StaffOrder; refundable: number; amount: number; onDone: () => void }) {
  const refund = useRecordRefund(order.id);
  // One key per dialog: the same refund sent again (a double click, a retry after a lost answer) is done once.
  const [key] = useState(() => crypto.randomUUID());
  const run = useAction();
  const flight = useSingleFlight();
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState<OrderRefundPayload | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RefundIn, unknown, RefundOut>({
    resolver: zodResolver(refundFormSchema(refundable)),
    defaultValues: { amount: bahtInputText(Math.min(amount, refundable)), note: '' },
  });

  const confirm = () =>
    flight.run(async () => {
      if (!pending) return;
      setServerError(null);
      await run(
        async () => {
          const updated = await refund.mutateAsync({ body: pending, key });
          onDone();
          return updated;
        },
        {
          success: { title: 'Remboursement enregistré', description: thb(pending.amountSatang) },
          failure: "Impossible d'enregistrer le remboursement",
          onError: (_message, err) => setServerError(orderErrorText(err, 'refund')),
          onSettled: () => setPending(null),
        },
      );
    });

  return (
    <>
      <form
        onSubmit={handleSubmit((data) => setPending(data))}
        noValidate
        className="grid gap-4 border-t border-gray-200 pt-4"
        aria-label="Rembourser"
        data-testid="refund-form"
      >
        <p className="text-sm text-gray-700">Remboursable : {thb(refundable)}</p>
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <Field id="refund-amount" label="Montant remboursé (฿)" error={errors.amount?.message} hint={AMOUNT_HINT}>
          <Input inputMode="decimal" autoComplete="off" {...fieldAria('refund-amount', errors.amount?.message)} {...register('amount')} />
        </Field>
        <Field id="refund-note" label="Motif (facultatif)" error={errors.note?.message}>
          <Textarea rows={2} {...fieldAria('refund-note', errors.note?.message)} {...register('note')} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone}>
            Fermer
          </Button>
          <Button type="submit" variant="destructive">
            Rembourser…
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title="Confirmer le remboursement ?"
        description={
          pending
            ? `${thb(pending.amountSatang)} seront remboursés à ${order.customerName} (commande ${order.reference}). L’opération est inscrite au journal et ne peut pas être annulée.`
            : ''
        }
        confirmLabel="Rembourser"
        busy={flight.busy}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
