import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { SettingsSection, TextField, fieldId, useFieldError } from './fields';

type DepositMode = SiteSettingsInput['payments']['deposit']['mode'];

const DEPOSIT_OPTIONS: { value: DepositMode; label: string }[] = [
  { value: 'none', label: 'Aucun (paiement complet)' },
  { value: 'percent', label: 'Pourcentage du prix' },
  { value: 'fixed', label: 'Montant fixe' },
];

/** "Paiements": where PromptPay transfers go, the tax ID on the e-mails, the deposit and the cancellation deadline. */
export function PaymentsSection() {
  return (
    <SettingsSection
      id="paiements"
      title="Paiements"
      description="Le QR PromptPay des commandes, les e-mails de paiement, l'acompte demandé en ligne et le délai pour récupérer une séance annulée."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          name="payments.promptpayId"
          label="Identifiant PromptPay"
          hint="Mobile thaïlandais (081 234 5678), numéro à 13 chiffres ou e-wallet à 15 chiffres ; vide : pas de PromptPay"
          inputMode="tel"
          nullable
        />
        <TextField name="payments.taxId" label="Numéro fiscal" hint="Imprimé sur les e-mails de commande ; vide : aucun" nullable />
      </div>
      <DepositFields />
      <TextField
        name="payments.cancelHours"
        label="Délai d’annulation (heures)"
        hint="Annulée au moins ce nombre d'heures avant le cours, une séance prise avec une formule est rendue."
        number
        inputMode="numeric"
        className="md:max-w-xs"
      />
      <TextField
        name="waitlist.offerHours"
        label="Liste d’attente : durée d’une offre (heures)"
        hint="Une place libérée est réservée à la première personne en attente pendant ce temps au plus (et jamais plus de la moitié du temps restant avant le cours)."
        number
        inputMode="numeric"
        className="md:max-w-xs"
      />
    </SettingsSection>
  );
}

/**
 * The deposit rule: a percentage, or a fixed amount typed in baht and stored as an integer of
 * satang (the deposit itself is rounded up to a whole baht, see depositFor).
 */
function DepositFields() {
  const { control, setValue } = useFormContext<SiteSettingsInput>();
  const mode = useWatch<SiteSettingsInput, 'payments.deposit.mode'>({ name: 'payments.deposit.mode' });
  const modeId = fieldId('payments.deposit.mode');
  const valueId = fieldId('payments.deposit.value');
  const modeError = useFieldError('payments.deposit.mode');
  const valueError = useFieldError('payments.deposit.value');
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-gray-900">Acompte (cours privés et formules de 7 jours ou plus)</legend>
      <Field id={modeId} label="Acompte" error={modeError}>
        <Controller
          control={control}
          name="payments.deposit.mode"
          render={({ field }) => (
            <Select
              {...fieldAria(modeId, modeError)}
              value={field.value}
              options={DEPOSIT_OPTIONS}
              onValueChange={(v) => {
                field.onChange(v);
                // A percentage is not an amount: start the new kind of value from nothing.
                setValue('payments.deposit.value', 0, { shouldDirty: true, shouldValidate: false });
              }}
            />
          )}
        />
      </Field>
      {mode !== 'none' && (
        <Field
          id={valueId}
          label={mode === 'percent' ? 'Pourcentage (%)' : 'Montant (THB)'}
          error={valueError}
          hint={mode === 'percent' ? 'De 0 à 100' : 'En bahts entiers'}
        >
          <Controller
            control={control}
            name="payments.deposit.value"
            render={({ field }) => (
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                {...fieldAria(valueId, valueError)}
                ref={field.ref}
                onBlur={field.onBlur}
                value={!Number.isFinite(field.value) ? '' : mode === 'fixed' ? field.value / 100 : field.value}
                onChange={(e) => {
                  const n = e.target.value === '' ? Number.NaN : e.target.valueAsNumber;
                  // Typed in baht, kept in satang: rounded to a whole satang at the edge.
                  field.onChange(mode === 'fixed' && Number.isFinite(n) ? Math.round(n * 100) : n);
                }}
              />
            )}
          />
        </Field>
      )}
    </fieldset>
  );
}
