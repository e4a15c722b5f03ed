import { useRef, useState, type FormEvent } from 'react';

/** Field values as the form holds them, by input name. */
export type FormValues = Record<string, string>;

/** The outcome of checking a form: the payload to send, or one message per invalid field. */
export type CheckResult<P> = { ok: true; payload: P } | { ok: false; errors: FormValues };

export type Checker<P> = (values: FormValues) => CheckResult<P>;

/**
 * Turns a zod `safeParse` result into a CheckResult: the first message of each field, as
 * react-hook-form's zod resolver reports them. Kept free of zod itself (types only) so the
 * forms that use this file do not carry zod.
 */
export function toCheckResult<T, P>(
  result: { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  toPayload: (data: T) => P,
): CheckResult<P> {
  if (result.success) return { ok: true, payload: toPayload(result.data) };
  const errors: FormValues = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}

function readValues(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  for (const [name, value] of new FormData(form)) values[name] = typeof value === 'string' ? value : '';
  return values;
}

/**
 * A small form controller for the forms every public page carries (contact, newsletter),
 * without react-hook-form. The inputs are plain uncontrolled elements with a `name`; the
 * rule is the shared zod schema, reached through `load`, which is imported when the visitor
 * first focuses or taps the form (zod is not part of the page's own code) and awaited on
 * submit. Behaves as react-hook-form's defaults did: messages appear on submit, the first
 * invalid field takes the focus, and after a submit each edited field is checked again as
 * it changes.
 */
export function useCheckedForm<P>({
  load,
  onValid,
  onLoadError,
}: {
  load: () => Promise<Checker<P>>;
  onValid: (payload: P) => void;
  /** The checker could not be fetched (offline, or a new deploy removed the old chunk). */
  onLoadError: (err: unknown) => void;
}) {
  const [errors, setErrors] = useState<FormValues>({});
  const pending = useRef<Promise<Checker<P>> | null>(null);
  const loaded = useRef<Checker<P> | null>(null);
  const submitted = useRef(false);

  const prepare = () => {
    pending.current ??= load().then(
      (check) => (loaded.current = check),
      (err: unknown) => {
        pending.current = null; // try again next time
        throw err;
      },
    );
    return pending.current;
  };
  const warm = () => void prepare().catch(() => {});

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    submitted.current = true;
    let check: Checker<P>;
    try {
      check = await prepare();
    } catch (err) {
      onLoadError(err);
      return;
    }
    const result = check(readValues(form));
    if (!result.ok) {
      setErrors(result.errors);
      const first = [...form.elements].find((el) => el instanceof HTMLElement && (el as HTMLInputElement).name in result.errors);
      (first as HTMLElement | undefined)?.focus();
      return;
    }
    setErrors({});
    onValid(result.payload);
  };

  // After a submit, the field being edited is checked again (react-hook-form's reValidateMode).
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement).name;
    if (!submitted.current || !loaded.current || !name) return;
    const result = loaded.current(readValues(e.currentTarget));
    const message = result.ok ? undefined : result.errors[name];
    setErrors((prev) => {
      if (prev[name] === message) return prev;
      const next = { ...prev };
      if (message === undefined) delete next[name];
      else next[name] = message;
      return next;
    });
  };

  /** Empties the fields and forgets the messages, as after a successful send. */
  const reset = (form: HTMLFormElement | null) => {
    form?.reset();
    submitted.current = false;
    setErrors({});
  };

  return {
    errors,
    reset,
    formProps: { noValidate: true, onSubmit: (e: FormEvent<HTMLFormElement>) => void onSubmit(e), onChange, onFocus: warm, onPointerDown: warm },
  };
}
