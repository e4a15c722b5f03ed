import { cloneElement, useId, type ReactElement } from 'react';
import { ERROR_KEYS } from '../../i18n/errors';
import { useT } from '../../i18n/i18n';

export const inputClass =
  'block w-full min-h-12 rounded-lg border border-ink-600 bg-ink-900 px-4 py-3 text-base text-bone-50 placeholder:text-ink-400 transition-colors hover:border-ink-400 focus:border-gold-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-solid focus-visible:outline-gold-400 aria-[invalid=true]:border-danger-400';

/**
 * A labelled control with its error message, wired for screen readers (aria-invalid,
 * aria-describedby). The control is passed as the single child and receives the id.
 */
export function Field({
  label,
  error,
  hint,
  optional,
  className = '',
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const t = useT();
  // The schemas' English messages in the page's language (a server sentence stays as written).
  const errorKey = error ? ERROR_KEYS[error] : undefined;
  const errorText = errorKey ? t(errorKey) : error;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-bone-100">
        {label}
        {optional && <span className="font-normal text-ink-300"> {t('field.optional')}</span>}
      </label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-ink-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-danger-400">
          {errorText}
        </p>
      )}
    </div>
  );
}
