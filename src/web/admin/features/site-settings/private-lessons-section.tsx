import { Controller, useFormContext } from 'react-hook-form';
import type { SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { SettingsSection, TextField, useFieldError } from './fields';

const LENGTHS = [60, 90] as const;

/** "Cours privés" (issue 37): the lengths sold, the minimum notice and the buffer between two lessons of a trainer. */
export function PrivateLessonsSection() {
  const { control } = useFormContext<SiteSettingsInput>();
  const lengthsError = useFieldError('privateLessons.lengths');
  return (
    <SettingsSection
      id="cours-prives"
      title="Cours privés"
      description="Les créneaux proposés aux voyageurs : durées en vente, préavis minimum et battement entre deux cours d'un même entraîneur."
    >
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Durées en vente</legend>
        <Controller
          control={control}
          name="privateLessons.lengths"
          render={({ field }) => (
            <div className="flex flex-wrap gap-6">
              {LENGTHS.map((m) => (
                <label key={m} className="inline-flex min-h-6 cursor-pointer items-center gap-2 text-sm text-gray-900">
                  <input
                    type="checkbox"
                    className="h-5 w-5 shrink-0 cursor-pointer accent-red-700"
                    checked={(field.value ?? []).includes(m)}
                    onChange={(e) => {
                      const others = (field.value ?? []).filter((x) => x !== m);
                      field.onChange(e.target.checked ? [...others, m].sort((a, b) => a - b) : others);
                    }}
                  />
                  {m} minutes
                </label>
              ))}
            </div>
          )}
        />
        {lengthsError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {lengthsError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          name="privateLessons.noticeHours"
          label="Préavis minimum (heures)"
          hint="Aucun créneau ne commence avant ce délai."
          number
          inputMode="numeric"
        />
        <TextField
          name="privateLessons.bufferMinutes"
          label="Battement entre deux cours (minutes)"
          hint="Laissé libre avant et après chaque cours privé et chaque cours collectif de l'entraîneur."
          number
          inputMode="numeric"
        />
      </div>
    </SettingsSection>
  );
}
