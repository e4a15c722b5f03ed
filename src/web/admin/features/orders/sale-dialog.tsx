import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { PassDto } from '../../../../shared/api-types';
import { addDays } from '../../../../shared/gym-time';
import { LANGUAGES, LANGUAGE_NAMES_FR } from '../../../../shared/i18n/languages';
import { formatThb } from '../../../../shared/money';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { bahtInputText } from '../../lib/baht-input';
import { formatGymDate, gymToday, gymZoneName } from '../../lib/format';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { useDeskSale, usePasses } from './api';
import { orderErrorText } from './order-errors';
import { DESK_SALE_METHODS, PAYMENT_METHOD_LABELS } from './labels';
import { saleFormSchema } from './sale-schema';

type SaleSchema = ReturnType<typeof saleFormSchema>;
type SaleIn = z.input<SaleSchema>;
type SaleOut = z.output<SaleSchema>;

const thb = (satang: number) => formatThb(satang, 'fr');
const passLabel = (p: PassDto) => `${p.name.fr || p.name.en} — ${thb(p.priceSatang)}`;
const languageOptions = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES_FR[l].replace(/^./, (c) => c.toUpperCase()) }));
const methodOptions = DESK_SALE_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

const emptySale = (today: string): SaleIn => ({
  passId: '',
  startDate: today,
  name: '',
  email: '',
  phone: '',
  language: 'en',
  payNow: false,
  amount: '',
  method: 'cash',
});

/**
 * "Vendre une formule": a pass sold at the desk (POST /api/desk/orders), paid at once in cash, on
 * the terminal or by transfer, or left owing. The first day is today in gym time unless changed.
 */
export function SaleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const passes = usePasses(open);
  const sale = useDeskSale();
  const run = useAction();
  const flight = useSingleFlight();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const today = gymToday();
  const list = useMemo(() => passes.data ?? [], [passes.data]);
  const schema = useMemo(() => saleFormSchema(today, (id) => list.find((p) => p.id === id)?.priceSatang), [today, list]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<SaleIn, unknown, SaleOut>({ resolver: zodResolver(schema), defaultValues: emptySale(today) });

  useEffect(() => {
    if (!open) return;
    setServerError(null);
    reset(emptySale(gymToday()));
  }, [open, reset]);

  const passId = useWatch({ control, name: 'passId' });
  const startDate = useWatch({ control, name: 'startDate' });
  const payNow = useWatch({ control, name: 'payNow' });
  const pass = list.find((p) => p.id === passId);

  // Paying now proposes the whole price; staff change it when only a deposit or a part is paid.
  function proposeAmount(p: PassDto | undefined) {
    if (p) setValue('amount', bahtInputText(p.priceSatang));
  }

  const onSubmit = handleSubmit((data) =>
    flight.run(async () => {
      setServerError(null);
      await run(
        async () => {
          const order = await sale.mutateAsync(data);
          onClose();
          if (order?.id) void navigate(`/admin/orders/${order.id}`);
          return order;
        },
        {
          success: (order) => ({ title: 'Formule vendue', description: `${data.name}${order?.reference ? ` — ${order.reference}` : ''}` }),
          failure: 'Impossible de vendre la formule',
          onError: (_message, err) => setServerError(orderErrorText(err, 'sale')),
        },
      );
    }),
  );

  return (
    <Modal open={open} onOpenChange={(o) => !o && onClose()} title="Vendre une formule" description={`Dates : ${gymZoneName()}`} className="max-w-xl">
      {passes.isLoading && <Spinner label="Chargement des formules..." />}
      {passes.isError && <ErrorAlert>Impossible de charger les formules en vente. Réessayez dans un instant.</ErrorAlert>}
      {passes.data && list.length === 0 && <ErrorAlert>Aucune formule en vente : le tableau des prix (Paramètres) n’en propose aucune.</ErrorAlert>}
      <form onSubmit={onSubmit} noValidate className="mt-2 grid gap-4" data-testid="sale-form">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <Controller
          control={control}
          name="passId"
          render={({ field }) => (
            <Field id="sale-pass" label="Formule" error={errors.passId?.message} hint={pass ? passHint(pass) : undefined}>
              <Select
                {...fieldAria('sale-pass', errors.passId?.message)}
                value={field.value || undefined}
                placeholder="Choisir une formule"
                onValueChange={(v) => {
                  field.onChange(v);
                  if (payNow) proposeAmount(list.find((p) => p.id === v));
                }}
                options={list.map((p) => ({ value: p.id, label: passLabel(p) }))}
                disabled={list.length === 0}
              />
            </Field>
          )}
        />
        <Field
          id="sale-start"
          label="Premier jour"
          error={errors.startDate?.message}
          hint={pass && startDate >= today ? `Jusqu’au ${formatGymDate(addDays(startDate, pass.days - 1))} inclus` : undefined}
        >
          <Input type="date" min={today} {...fieldAria('sale-start', errors.startDate?.message)} {...register('startDate')} />
        </Field>
        <Field id="sale-name" label="Nom" error={errors.name?.message}>
          <Input autoComplete="off" {...fieldAria('sale-name', errors.name?.message)} {...register('name')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="sale-email" label="E-mail" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...fieldAria('sale-email', errors.email?.message)} {...register('email')} />
          </Field>
          <Field id="sale-phone" label="Téléphone" error={errors.phone?.message}>
            <Input type="tel" autoComplete="off" placeholder="+66 …" {...fieldAria('sale-phone', errors.phone?.message)} {...register('phone')} />
          </Field>
        </div>
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Field id="sale-language" label="Langue des e-mails" error={errors.language?.message}>
              <Select id="sale-language" value={field.value} onValueChange={field.onChange} options={languageOptions} />
            </Field>
          )}
        />
        <div className="grid gap-4 rounded-md border border-gray-200 p-3">
          <Controller
            control={control}
            name="payNow"
            render={({ field }) => (
              <div className="flex items-center gap-3">
                <Switch
                  id="sale-pay-now"
                  checked={field.value}
                  onCheckedChange={(on) => {
                    field.onChange(on);
                    if (on) proposeAmount(pass);
                  }}
                />
                <label htmlFor="sale-pay-now" className="text-sm font-medium text-gray-900">
                  Paiement reçu maintenant
                </label>
              </div>
            )}
          />
          {payNow && (
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <Field id="sale-amount" label="Montant reçu (฿)" error={errors.amount?.message} hint="Par exemple 1500, 1 500 ou 1500.50">
                <Input inputMode="decimal" autoComplete="off" {...fieldAria('sale-amount', errors.amount?.message)} {...register('amount')} />
              </Field>
              <Controller
                control={control}
                name="method"
                render={({ field }) => (
                  <Field id="sale-method" label="Moyen de paiement" error={errors.method?.message}>
                    <Select id="sale-method" value={field.value} onValueChange={field.onChange} options={methodOptions} />
                  </Field>
                )}
              />
            </div>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" pending={flight.busy} disabled={list.length === 0}>
            Vendre
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function passHint(p: PassDto): string {
  const sessions = p.credits === null ? 'séances illimitées' : `${p.credits} séance${p.credits > 1 ? 's' : ''}`;
  const deposit = p.depositSatang > 0 ? ` · acompte ${thb(p.depositSatang)}` : '';
  return `${p.days} jour${p.days > 1 ? 's' : ''}, ${sessions}${deposit}`;
}
