import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { PASS_COVERS, TABLE_PASS_KINDS, type PassCovers, type PassKind } from '../../../../shared/catalogue';
import { PASS_COVERS_LABELS_FR, PASS_KIND_LABELS_FR, type SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { fieldId, useFieldError } from './fields';

// Each cell of the price table is a pass (issue 21): a column says which classes its passes
// cover, a row what it sells (its "Formule" and length), a cell whether it is on sale.

type RowPass = NonNullable<SiteSettingsInput['prices']['rows'][number]['pass']>;

const NOT_SOLD = 'none';
const ONE_DAY: ReadonlySet<PassKind> = new Set<PassKind>(['single', 'day', 'private']);

const COVERS_OPTIONS = [...PASS_COVERS.map((c) => ({ value: c, label: PASS_COVERS_LABELS_FR[c] })), { value: NOT_SOLD, label: 'Non vendu' }];
const KIND_OPTIONS = [...TABLE_PASS_KINDS.map((k) => ({ value: k, label: PASS_KIND_LABELS_FR[k] })), { value: NOT_SOLD, label: 'Non vendue' }];

/** A column's "Cours couverts" (null: its cells are shown but not sold). */
export function CoversField({ index }: { index: number }) {
  const { control } = useFormContext<SiteSettingsInput>();
  const name = `prices.covers.${index}` as const;
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <Field id={id} label={`Colonne ${index + 1} : cours couverts`} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            {...fieldAria(id, error)}
            value={field.value ?? NOT_SOLD}
            options={COVERS_OPTIONS}
            onValueChange={(v) => field.onChange(v === NOT_SOLD ? null : (v as PassCovers))}
          />
        )}
      />
    </Field>
  );
}

/** "week-single", from the row's label; made unique among the other rows' codes. */
function newKey(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32)
      .replace(/-+$/, '') || 'formule';
  let key = base;
  for (let n = 2; taken.has(key); n += 1) key = `${base}-${n}`;
  return key;
}

/** A row's "Formule" and "Durée (jours)"; the code (the pass id's first part) is kept once made. */
export function RowPassFields({ index }: { index: number }) {
  const { control, getValues } = useFormContext<SiteSettingsInput>();
  const name = `prices.rows.${index}.pass` as const;
  const pass = useWatch<SiteSettingsInput, typeof name>({ name });
  const kindId = fieldId(`${name}.kind`);
  const daysId = fieldId(`${name}.days`);
  const keyError = useFieldError(`${name}.key`);
  const daysError = useFieldError(`${name}.days`);
  const hiddenError = useFieldError(`${name}.hidden`);

  function choose(v: string, onChange: (p: RowPass | undefined) => void) {
    if (v === NOT_SOLD) return onChange(undefined);
    const kind = v as (typeof TABLE_PASS_KINDS)[number];
    const current = getValues(name);
    const days = ONE_DAY.has(kind) ? 1 : current && !ONE_DAY.has(current.kind) ? current.days : 7;
    if (current) return onChange({ ...current, kind, days });
    const taken = new Set(getValues('prices.rows').flatMap((r, i) => (i !== index && r.pass ? [r.pass.key] : [])));
    onChange({ key: newKey(getValues(`prices.rows.${index}.label`) ?? '', taken), kind, days, hidden: [] });
  }

  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" data-testid="row-pass">
          <Field id={kindId} label="Formule" error={keyError} hint={pass ? `Code : ${pass.key}` : 'Affichée dans le tableau, pas vendue en ligne'}>
            <Select {...fieldAria(kindId, keyError)} value={pass?.kind ?? NOT_SOLD} options={KIND_OPTIONS} onValueChange={(v) => choose(v, field.onChange)} />
          </Field>
          {pass && (
            <Field id={daysId} label="Durée (jours)" error={daysError} hint={ONE_DAY.has(pass.kind) ? 'Un jour pour cette formule' : undefined}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                disabled={ONE_DAY.has(pass.kind)}
                {...fieldAria(daysId, daysError)}
                value={Number.isFinite(pass.days) ? pass.days : ''}
                onChange={(e) => field.onChange({ ...pass, days: e.target.value === '' ? Number.NaN : e.target.valueAsNumber })}
              />
            </Field>
          )}
          {hiddenError && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {hiddenError}
            </p>
          )}
        </div>
      )}
    />
  );
}

/** A cell's "En vente" box: unticked, the pass stays in the table but cannot be bought. */
export function OnSaleBox({ row, column, columnLabel }: { row: number; column: number; columnLabel: string }) {
  const { control } = useFormContext<SiteSettingsInput>();
  const name = `prices.rows.${row}.pass` as const;
  const covers = useWatch<SiteSettingsInput, `prices.covers.${number}`>({ name: `prices.covers.${column}` });
  const id = fieldId(`${name}.hidden.${column}`);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const pass = field.value;
        if (!pass || !covers) return <span className="text-xs text-gray-600">Non vendu</span>;
        const hidden = pass.hidden ?? [];
        return (
          <label htmlFor={id} className="inline-flex min-h-6 cursor-pointer items-center gap-2 text-sm text-gray-900">
            <input
              id={id}
              type="checkbox"
              className="h-5 w-5 shrink-0 cursor-pointer accent-red-700"
              checked={hidden[column] !== true}
              aria-label={`En vente : ligne ${row + 1}, ${columnLabel}`}
              onChange={(e) => {
                const next = Array.from({ length: Math.max(hidden.length, column + 1) }, (_, k) => hidden[k] === true);
                next[column] = !e.target.checked;
                // Trailing "on sale" flags say nothing: keep the list short.
                while (next.length > 0 && !next[next.length - 1]) next.pop();
                field.onChange({ ...pass, hidden: next });
              }}
            />
            En vente
          </label>
        );
      }}
    />
  );
}
