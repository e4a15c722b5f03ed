import { Controller, useFormContext } from 'react-hook-form';
import type { SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { fieldId, useFieldError, type SettingsPath } from './fields';

/** An amount typed in baht, stored in satang (Séjours and Programmes). */
export function BahtField({ name, label }: { name: SettingsPath; label: string }) {
  const { control } = useFormContext<SiteSettingsInput>();
  const id = fieldId(name);
  const error = useFieldError(name);
  return (
    <Field id={id} label={label} error={error} hint="En bahts">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            {...fieldAria(id, error)}
            ref={field.ref}
            onBlur={field.onBlur}
            value={typeof field.value === 'number' && Number.isFinite(field.value) ? field.value / 100 : ''}
            onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Math.round(e.target.valueAsNumber * 100))}
          />
        )}
      />
    </Field>
  );
}
