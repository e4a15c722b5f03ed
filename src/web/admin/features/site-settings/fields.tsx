import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import { get, useFormContext, useFormState, type FieldPath, type RegisterOptions } from 'react-hook-form';
import type { SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';

export type SettingsPath = FieldPath<SiteSettingsInput>;

/** The DOM id of a settings field ("settings-hours-monday-from"). */
export const fieldId = (name: string) => `settings-${name.replace(/\./g, '-')}`;

/** The error message on a field (client validation or the server's 400), subscribed to that field only. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState<SiteSettingsInput>({ name: name as SettingsPath });
  const error: { message?: string; root?: { message?: string } } | undefined = get(errors, name);
  return error?.message ?? error?.root?.message;
}

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** A labelled text input or textarea registered on the settings form, its error under it. */
export function TextField({
  name,
  label,
  hint,
  rows,
  type = 'text',
  lang,
  nullable,
  number,
  autoComplete,
  inputMode,
  placeholder,
  className,
}: {
  name: SettingsPath;
  label: ReactNode;
  hint?: ReactNode;
  /** A textarea of that many rows. */
  rows?: number;
  type?: HTMLInputTypeAttribute;
  /** The public site's texts are English: spell-checkers and screen readers should know. */
  lang?: string;
  /** An empty field is stored as null (optional links). */
  nullable?: boolean;
  /** A number input (map position, amounts). */
  number?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'url' | 'text';
  /** Shown while empty (a translation shows the English text it falls back to). */
  placeholder?: string;
  className?: string;
}) {
  const { register } = useFormContext<SiteSettingsInput>();
  const error = useFieldError(name);
  const id = fieldId(name);
  const options: RegisterOptions<SiteSettingsInput, SettingsPath> = number ? { valueAsNumber: true } : nullable ? { setValueAs: emptyToNull } : {};
  return (
    <div className={className}>
      <Field id={id} label={label} error={error} hint={hint}>
        {rows ? (
          <Textarea rows={rows} lang={lang} placeholder={placeholder} {...fieldAria(id, error)} {...register(name, options)} />
        ) : (
          <Input
            type={number ? 'number' : type}
            step={number ? 'any' : undefined}
            lang={lang}
            autoComplete={autoComplete ?? 'off'}
            inputMode={inputMode}
            placeholder={placeholder}
            {...fieldAria(id, error)}
            {...register(name, options)}
          />
        )}
      </Field>
    </div>
  );
}

/** A section of the form: a card with its heading (the page's table of contents links to it). */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-gray-700">{description}</p>}
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  );
}

/** An error about a whole list (too few reviews, a row without its amounts). */
export function ListError({ name }: { name: string }) {
  const error = useFieldError(name);
  if (!error) return null;
  return (
    <p id={`${fieldId(name)}-error`} role="alert" className="text-sm text-red-700">
      {error}
    </p>
  );
}
