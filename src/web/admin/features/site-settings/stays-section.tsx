import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { LANGUAGE_NAMES_FR, TRANSLATED_LANGUAGES } from '../../../../shared/i18n/languages';
import type { SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { BahtField } from './baht-field';
import { ListError, SettingsSection, TextField, fieldId, useFieldError, type SettingsPath } from './fields';

// Paramètres › Séjours (issue 36 §3–4): the airports and their pickup price, what a stay includes
// and not, the deposit and the balance of an order with a stay or a pickup, and the cancellation
// terms. Saving changed terms makes a new version; each order keeps the one its buyer accepted.

const TEXTS: { key: 'included' | 'notIncluded' | 'meetingPoint'; label: string }[] = [
  { key: 'included', label: 'Inclus' },
  { key: 'notIncluded', label: 'Non inclus' },
  { key: 'meetingPoint', label: 'Point de rendez-vous (transfert)' },
];

function ModeSelect({ name, label, options }: { name: SettingsPath; label: string; options: { value: string; label: string }[] }) {
  const { control } = useFormContext<SiteSettingsInput>();
  const id = fieldId(name);
  const error = useFieldError(name);
  return (
    <Field id={id} label={label} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select {...fieldAria(id, error)} value={typeof field.value === 'string' ? field.value : ''} options={options} onValueChange={field.onChange} />
        )}
      />
    </Field>
  );
}

export function StaysSection() {
  const { control } = useFormContext<SiteSettingsInput>();
  const airports = useFieldArray({ control, name: 'stays.airports' });
  const tiers = useFieldArray({ control, name: 'stays.terms.tiers' });
  const depositMode = useWatch<SiteSettingsInput, 'stays.deposit.mode'>({ name: 'stays.deposit.mode' });
  const balanceMode = useWatch<SiteSettingsInput, 'stays.balance.mode'>({ name: 'stays.balance.mode' });
  return (
    <SettingsSection
      id="sejours"
      title="Séjours et transferts"
      description="Aéroports et prix du transfert, ce que comprend un séjour, l'acompte et le solde d'une commande avec chambre ou transfert, et les conditions d'annulation (chaque changement est une nouvelle version : une commande garde celle acceptée)."
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Aéroports</legend>
        {airports.fields.map((a, i) => (
          <div key={a.id} className="grid items-end gap-3 md:grid-cols-[8rem_minmax(0,1fr)_10rem_auto]" data-testid="stay-airport">
            <TextField name={`stays.airports.${i}.code`} label="Code" hint="KBV, HKT…" />
            <TextField name={`stays.airports.${i}.name`} label="Nom" />
            {/* In a block of its own, as this section lays out its fields. */}
            <div>
              <BahtField name={`stays.airports.${i}.pickupPriceSatang`} label="Prix du transfert" />
            </div>
            <Button variant="outline" onClick={() => airports.remove(i)} aria-label={`Retirer l'aéroport ${i + 1}`}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        ))}
        <ListError name="stays.airports" />
        <div>
          <Button variant="outline" onClick={() => airports.append({ code: '', name: '', pickupPriceSatang: 0 })}>
            <Plus className="h-4 w-4" aria-hidden />
            Ajouter un aéroport
          </Button>
        </div>
      </fieldset>

      <div className="grid gap-4 md:grid-cols-2">
        {TEXTS.map((x) => (
          <TextField key={x.key} name={`stays.${x.key}.en`} label={`${x.label} (anglais)`} rows={3} lang="en" />
        ))}
        <TextField name="stays.terms.text.en" label="Conditions d'annulation (anglais)" rows={4} lang="en" />
      </div>
      {TRANSLATED_LANGUAGES.map((l) => (
        <details key={l} className="rounded-md border border-gray-200 p-3">
          <summary className="cursor-pointer text-sm font-semibold">{`Traduction : ${LANGUAGE_NAMES_FR[l]}`}</summary>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            {TEXTS.map((x) => (
              <TextField key={x.key} name={`stays.${x.key}.${l}` as SettingsPath} label={`${x.label} (${LANGUAGE_NAMES_FR[l]})`} rows={3} lang={l} />
            ))}
            <TextField name={`stays.terms.text.${l}` as SettingsPath} label={`Conditions (${LANGUAGE_NAMES_FR[l]})`} rows={4} lang={l} />
          </div>
        </details>
      ))}

      <div className="grid gap-4 md:grid-cols-2">
        <ModeSelect
          name="stays.deposit.mode"
          label="Acompte de la commande entière"
          options={[
            { value: 'none', label: 'Aucun (paiement complet)' },
            { value: 'percent', label: 'Pourcentage' },
            { value: 'fixed', label: 'Montant fixe' },
          ]}
        />
        {depositMode === 'percent' && <TextField name="stays.deposit.value" label="Pourcentage (%)" number inputMode="numeric" />}
        {depositMode === 'fixed' && (
          <div>
            <BahtField name="stays.deposit.value" label="Montant de l'acompte" />
          </div>
        )}
        <ModeSelect
          name="stays.balance.mode"
          label="Solde"
          options={[
            { value: 'before-arrival', label: "N jours avant l'arrivée" },
            { value: 'on-arrival', label: "À l'accueil, à l'arrivée" },
          ]}
        />
        {balanceMode === 'before-arrival' && <TextField name="stays.balance.days" label="Jours avant l'arrivée" number inputMode="numeric" />}
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Remboursement en cas d'annulation</legend>
        {tiers.fields.map((tier, i) => (
          <div key={tier.id} className="grid items-end gap-3 md:grid-cols-[12rem_12rem_auto]" data-testid="stay-tier">
            <TextField name={`stays.terms.tiers.${i}.daysBefore`} label="Au moins N jours avant" number inputMode="numeric" />
            <TextField name={`stays.terms.tiers.${i}.refundPercent`} label="Remboursé (%)" number inputMode="numeric" />
            <Button variant="outline" onClick={() => tiers.remove(i)} aria-label={`Retirer le palier ${i + 1}`}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        ))}
        <ListError name="stays.terms.tiers" />
        <div>
          <Button variant="outline" onClick={() => tiers.append({ daysBefore: 0, refundPercent: 0 })}>
            <Plus className="h-4 w-4" aria-hidden />
            Ajouter un palier
          </Button>
        </div>
        <TextField
          name="stays.terms.freeChangeDays"
          label="Changement de dates gratuit jusqu'à N jours avant l'arrivée"
          number
          inputMode="numeric"
          className="md:max-w-md"
        />
      </fieldset>
    </SettingsSection>
  );
}
