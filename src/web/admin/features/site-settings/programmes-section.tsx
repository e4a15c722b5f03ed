import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { PASS_COVERS, type PassCovers } from '../../../../shared/catalogue';
import { LANGUAGE_NAMES_FR, TRANSLATED_LANGUAGES } from '../../../../shared/i18n/languages';
import { letterDetailsMissing } from '../../../../shared/legal-details';
import { PASS_COVERS_LABELS_FR, type SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { PROGRAMME_LIMITS, PROGRAMME_MONTHS } from '../../../../shared/schemas/site-settings-programmes';
import { Field, Label, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { BahtField } from './baht-field';
import { ListError, SettingsSection, TextField, fieldId, useFieldError } from './fields';
import { MoveButtons, OrderedItems, type ItemControls } from './ordered-items';

// Long-stay programmes (issue 35): sold beside the passes, for 3, 6 or 12 months, with a set number
// of sessions a week. Amounts are typed in baht and kept in satang.

type DepositMode = SiteSettingsInput['programmes'][number]['deposit']['mode'];

const DEPOSIT_OPTIONS: { value: DepositMode; label: string }[] = [
  { value: 'payments', label: 'Règle de « Paiements »' },
  { value: 'none', label: 'Aucun (paiement complet)' },
  { value: 'percent', label: 'Pourcentage du prix' },
  { value: 'fixed', label: 'Montant fixe' },
];
const MONTH_OPTIONS = PROGRAMME_MONTHS.map((m) => ({ value: String(m), label: `${m} mois` }));

export function ProgrammesSection() {
  const { control } = useFormContext<SiteSettingsInput>();
  const list = useFieldArray({ control, name: 'programmes' });
  const legal = useWatch<SiteSettingsInput, 'legal'>({ name: 'legal' });
  const visaLetter = useWatch<SiteSettingsInput, 'visaLetter'>({ name: 'visaLetter' });
  const missing = legal && visaLetter ? letterDetailsMissing({ legal, visaLetter }) : [];
  return (
    <SettingsSection
      id="programmes"
      title="Programmes long séjour"
      description="Des formules de 3, 6 ou 12 mois vendues à côté des pass, avec un nombre de séances par semaine ; l'acheteur peut demander une lettre pour son visa."
    >
      {missing.length > 0 && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="programmes-blocked">
          Aucun programme n'est en vente tant que la section « Lettre de visa » n'est pas complète.
        </p>
      )}
      <OrderedItems
        fields={list.fields}
        move={list.move}
        remove={list.remove}
        listName="programmes"
        max={PROGRAMME_LIMITS.programmes}
        addLabel="Ajouter un programme"
        onAdd={() =>
          list.append(
            {
              key: `programme-${list.fields.length + 1}`,
              name: '',
              disciplines: ['muay-thai'],
              months: 6,
              sessionsPerWeek: 5,
              hoursPerWeek: 10,
              priceSatang: Number.NaN,
              deposit: { mode: 'payments', value: 0 },
              onSale: false,
            },
            { focusName: `programmes.${list.fields.length}.name` },
          )
        }
        renderItem={(i, controls) => <ProgrammeItem index={i} {...controls} />}
      />
    </SettingsSection>
  );
}

function ProgrammeItem({ index, ...controls }: { index: number } & ItemControls) {
  const { control } = useFormContext<SiteSettingsInput>();
  const base = `programmes.${index}` as const;
  const name = useWatch<SiteSettingsInput, `programmes.${number}.name`>({ name: `${base}.name` });
  const monthsId = fieldId(`${base}.months`);
  const monthsError = useFieldError(`${base}.months`);
  const disciplinesError = useFieldError(`${base}.disciplines`);
  return (
    <li className="grid gap-4 rounded-md border border-gray-200 p-3" data-testid="programme-item">
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium text-gray-900">{name || `Programme ${index + 1}`}</p>
        <MoveButtons what={`le programme ${index + 1}`} index={index} {...controls} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name={`${base}.name`} label="Nom du programme (anglais)" lang="en" />
        <TextField name={`${base}.key`} label="Code du programme" hint="Minuscules et tirets ; gardé par les commandes" />
      </div>
      <details className="rounded-md border border-gray-200 p-3">
        <summary className="cursor-pointer text-sm font-medium text-gray-900">Nom dans les autres langues</summary>
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          {TRANSLATED_LANGUAGES.map((l) => (
            <TextField key={l} name={`${base}.translations.${l}`} label={`Nom du programme (${LANGUAGE_NAMES_FR[l]})`} lang={l} placeholder={name} />
          ))}
        </div>
      </details>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-900">Disciplines</legend>
        <Controller
          control={control}
          name={`${base}.disciplines`}
          render={({ field }) => (
            <div className="flex flex-wrap gap-4">
              {PASS_COVERS.map((c) => {
                const list: PassCovers[] = field.value ?? [];
                const id = fieldId(`${base}.disciplines.${c}`);
                return (
                  <label key={c} htmlFor={id} className="inline-flex min-h-6 cursor-pointer items-center gap-2 text-sm text-gray-900">
                    <input
                      id={id}
                      type="checkbox"
                      className="h-5 w-5 shrink-0 cursor-pointer accent-red-700"
                      checked={list.includes(c)}
                      onChange={(e) => field.onChange(e.target.checked ? PASS_COVERS.filter((x) => x === c || list.includes(x)) : list.filter((x) => x !== c))}
                    />
                    {PASS_COVERS_LABELS_FR[c]}
                  </label>
                );
              })}
            </div>
          )}
        />
        {disciplinesError && (
          <p role="alert" className="text-sm text-red-700">
            {disciplinesError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 md:grid-cols-3">
        <Field id={monthsId} label="Durée" error={monthsError}>
          <Controller
            control={control}
            name={`${base}.months`}
            render={({ field }) => (
              <Select
                {...fieldAria(monthsId, monthsError)}
                value={String(field.value)}
                options={MONTH_OPTIONS}
                onValueChange={(v) => field.onChange(Number(v))}
              />
            )}
          />
        </Field>
        <TextField name={`${base}.sessionsPerWeek`} label="Séances par semaine" number inputMode="numeric" />
        <TextField name={`${base}.hoursPerWeek`} label="Heures par semaine" hint="À la demi-heure près" number inputMode="decimal" />
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <BahtField name={`${base}.priceSatang`} label="Prix (THB)" />
        <DepositFields base={base} />
      </div>
      <div className="flex items-center gap-2">
        <Controller
          control={control}
          name={`${base}.onSale`}
          render={({ field }) => <Switch id={fieldId(`${base}.onSale`)} checked={!!field.value} onCheckedChange={field.onChange} />}
        />
        <Label htmlFor={fieldId(`${base}.onSale`)}>Programme en vente</Label>
      </div>
      <ListError name={base} />
    </li>
  );
}

/** An amount typed in baht, kept in satang (rounded to a whole satang at the edge). */
function DepositFields({ base }: { base: `programmes.${number}` }) {
  const { control, setValue } = useFormContext<SiteSettingsInput>();
  const mode = useWatch<SiteSettingsInput, `programmes.${number}.deposit.mode`>({ name: `${base}.deposit.mode` });
  const modeId = fieldId(`${base}.deposit.mode`);
  const modeError = useFieldError(`${base}.deposit.mode`);
  return (
    <>
      <Field id={modeId} label="Acompte du programme" error={modeError}>
        <Controller
          control={control}
          name={`${base}.deposit.mode`}
          render={({ field }) => (
            <Select
              {...fieldAria(modeId, modeError)}
              value={field.value}
              options={DEPOSIT_OPTIONS}
              onValueChange={(v) => {
                field.onChange(v);
                setValue(`${base}.deposit.value`, 0, { shouldDirty: true, shouldValidate: false });
              }}
            />
          )}
        />
      </Field>
      {mode === 'fixed' && <BahtField name={`${base}.deposit.value`} label="Acompte du programme (THB)" />}
      {mode === 'percent' && <TextField name={`${base}.deposit.value`} label="Acompte du programme (%)" hint="De 1 à 100" number inputMode="numeric" />}
    </>
  );
}
