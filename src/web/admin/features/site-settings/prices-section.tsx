import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { SITE_SETTINGS_LIMITS, type SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { Button } from '../../components/ui/button';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { IconButton } from '../../components/ui/icon-button';
import { ListError, SettingsSection, TextField, fieldId, useFieldError } from './fields';
import { CoversField, OnSaleBox, RowPassFields } from './pass-fields';
import { MoveButtons, OrderedItems, type ItemControls } from './ordered-items';
import { PriceTablePreview } from './previews';

/** "Tarifs": the price table's columns and rows, with a preview of the table as the site shows it. */
export function PricesSection() {
  const { control, getValues, setValue } = useFormContext<SiteSettingsInput>();
  const rows = useFieldArray({ control, name: 'prices.rows' });
  const columns = useWatch<SiteSettingsInput, 'prices.columns'>({ name: 'prices.columns' }) ?? [];
  const prices = useWatch<SiteSettingsInput, 'prices'>({ name: 'prices' });

  // Amounts, what a column covers and the cells' "on sale" flags follow their column: adding or
  // removing a column rewrites every row. A new column sells nothing until the owner says what it covers.
  function addColumn() {
    setValue('prices.columns', [...getValues('prices.columns'), ''], { shouldDirty: true });
    setValue('prices.covers', [...coversOf(), null], { shouldDirty: true });
    rows.replace(getValues('prices.rows').map((r) => ({ ...r, prices: [...r.prices, Number.NaN] })));
  }
  function removeColumn(j: number) {
    const without = <T,>(list: readonly T[]) => list.filter((_, k) => k !== j);
    setValue('prices.columns', without(getValues('prices.columns')), { shouldDirty: true });
    setValue('prices.covers', without(coversOf()), { shouldDirty: true });
    rows.replace(
      getValues('prices.rows').map((r) => ({
        ...r,
        prices: without(r.prices),
        ...(r.pass ? { pass: { ...r.pass, hidden: without(r.pass.hidden ?? []) } } : {}),
      })),
    );
  }
  /** One entry per column (an older record may have fewer). */
  function coversOf() {
    const covers = getValues('prices.covers') ?? [];
    return getValues('prices.columns').map((_, k) => covers[k] ?? null);
  }

  return (
    <SettingsSection
      id="tarifs"
      title="Tarifs"
      description="En bahts, montants entiers. Le tableau s'affiche sur la page de réservation ; chaque case d'une ligne vendue est une formule que les clients peuvent acheter."
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Colonnes</legend>
        {columns.map((_, j) => (
          <div key={j} className="grid gap-2 rounded-md border border-gray-200 p-3 sm:grid-cols-2 sm:items-start">
            <ColumnField index={j} canRemove={columns.length > 1} onRemove={() => removeColumn(j)} />
            <CoversField index={j} />
          </div>
        ))}
        <ListError name="prices.covers" />
        {columns.length < SITE_SETTINGS_LIMITS.priceColumns && (
          <Button variant="outline" size="sm" className="w-fit" onClick={addColumn}>
            <Plus className="h-4 w-4" aria-hidden />
            Ajouter une colonne
          </Button>
        )}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Lignes</legend>
        <OrderedItems
          fields={rows.fields}
          move={rows.move}
          remove={rows.remove}
          listName="prices.rows"
          max={SITE_SETTINGS_LIMITS.priceRows}
          addLabel="Ajouter une ligne"
          onAdd={() => rows.append({ label: '', prices: columns.map(() => Number.NaN) }, { focusName: `prices.rows.${rows.fields.length}.label` })}
          renderItem={(i, controls) => <PriceRow index={i} columns={columns} {...controls} />}
        />
      </fieldset>

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold text-gray-900">Aperçu du tableau (avant enregistrement)</h3>
        <PriceTablePreview prices={prices} />
      </div>
    </SettingsSection>
  );
}

function ColumnField({ index, canRemove, onRemove }: { index: number; canRemove: boolean; onRemove: () => void }) {
  const { control } = useFormContext<SiteSettingsInput>();
  const name = `prices.columns.${index}` as const;
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <Field id={id} label={`Colonne ${index + 1}`} error={error}>
          {/* Controlled: removing a column shifts the labels after it. */}
          <Controller
            control={control}
            name={name}
            render={({ field }) => <Input lang="en" {...fieldAria(id, error)} {...field} value={field.value ?? ''} />}
          />
        </Field>
      </div>
      {canRemove && (
        <IconButton label={`Supprimer la colonne ${index + 1}`} onClick={onRemove} className="text-red-700 hover:bg-red-50">
          <Trash2 className="h-4 w-4" aria-hidden />
        </IconButton>
      )}
    </div>
  );
}

function PriceRow({
  index,
  count,
  columns,
  onUp,
  onDown,
  onRemove,
}: ItemControls & {
  index: number;
  columns: readonly (string | undefined)[];
}) {
  const label = useWatch<SiteSettingsInput, `prices.rows.${number}.label`>({ name: `prices.rows.${index}.label` });
  const what = `la ligne ${index + 1}${label ? ` (${label})` : ''}`;
  return (
    <li className="grid gap-3 rounded-md border border-gray-200 p-3" data-testid="price-row">
      <div className="flex items-end gap-2">
        <TextField name={`prices.rows.${index}.label`} label={`Ligne ${index + 1} : libellé`} lang="en" className="min-w-0 flex-1" />
        <MoveButtons what={what} index={index} count={count} onUp={onUp} onDown={onDown} onRemove={onRemove} />
      </div>
      <RowPassFields index={index} />
      <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-4">
        {columns.map((c, j) => (
          <div key={j} className="grid gap-2">
            <TextField name={`prices.rows.${index}.prices.${j}`} label={`${c || `Colonne ${j + 1}`} (THB)`} number inputMode="numeric" />
            <OnSaleBox row={index} column={j} columnLabel={c || `colonne ${j + 1}`} />
          </div>
        ))}
      </div>
      <ListError name={`prices.rows.${index}.prices`} />
    </li>
  );
}
