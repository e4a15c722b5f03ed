import { FileText, Stamp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { countryName, countryCodes, PASSPORT_NAME_PATTERN } from '../../../shared/visa-letters';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { useIntlLocale, useT } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { refreshResource, useResource } from '../../lib/resource';
import { useAction } from '../../lib/use-action';
import { letterPdfUrl, orderLetterQuery, requestLetter } from './visa-letter-queries';

// The order page of a programme (issue 35 §2): "Request your visa letter" once it is paid, the
// passport's data typed as in its machine-readable lines, then where the letter stands and its
// PDF once staff issued it.

interface Values {
  fullName: string;
  nationality: string;
  passportNumber: string;
  dateOfBirth: string;
  embassy: string;
}
const EMPTY: Values = { fullName: '', nationality: '', passportNumber: '', dateOfBirth: '', embassy: '' };

export function VisaLetter({ token }: { token: string }) {
  const t = useT();
  const locale = useIntlLocale();
  const query = useResource(orderLetterQuery(token));
  const state = query.data;
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [nameError, setNameError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ warning: boolean } | null>(null);
  const countries = useMemo(
    () =>
      countryCodes()
        .map((code) => ({ code, name: countryName(code, locale) }))
        .sort((a, b) => a.name.localeCompare(b.name, locale)),
    [locale],
  );
  const send = useAction((v: Values) => requestLetter(token, { ...v, embassy: v.embassy.trim() || null }), {
    onSuccess: (out) => {
      setDone({ warning: Boolean(out.warning) });
      setOpen(false);
      refreshResource(orderLetterQuery(token));
    },
    onError: (err) => setProblem(err instanceof ApiError && err.status === 400 ? t('visaLetter.invalid') : t('visaLetter.failed')),
  });

  if (!state) return null;
  const set = (k: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const name = values.fullName.trim().replace(/\s+/g, ' ');
    if (!PASSPORT_NAME_PATTERN.test(name)) return setNameError(t('visaLetter.badName'));
    setNameError(undefined);
    send.run({ ...values, fullName: name });
  };

  return (
    <section className="mt-8 rounded-card border border-ink-700 bg-ink-900 p-5 sm:p-8" aria-labelledby="visa-letter-title" data-testid="visa-letter">
      <h2 id="visa-letter-title" className="flex items-center gap-2 font-display-tight text-2xl break-words sm:text-3xl">
        <Stamp aria-hidden className="size-6 shrink-0 text-gold-400" />
        {t('visaLetter.title')}
      </h2>
      {state.status === 'issued' && state.reference && (
        <div className="mt-4">
          <p className="text-lg font-semibold">{t('visaLetter.ready', { reference: state.reference })}</p>
          <a href={letterPdfUrl(token)} className={buttonClass('primary', 'md', 'mt-4')} data-testid="visa-letter-pdf">
            <FileText aria-hidden className="size-5" />
            {t('visaLetter.download')}
          </a>
        </div>
      )}
      <div aria-live="polite">
        {done && (
          <p className="mt-4 font-semibold text-success-400" data-testid="visa-letter-requested">
            {t('visaLetter.requested')}
          </p>
        )}
        {done?.warning && <p className="mt-2 font-semibold text-gold-400">{t('visaLetter.nameWarning')}</p>}
      </div>
      {!done && state.status === 'requested' && <p className="mt-4 text-ink-300">{t('visaLetter.pending')}</p>}
      {!state.canRequest && state.status !== 'issued' && <p className="mt-4 text-ink-300">{t('visaLetter.notYet')}</p>}
      {state.canRequest && state.status !== 'issued' && state.status !== 'requested' && !done && !open && (
        <>
          <p className="mt-4 text-ink-300">{t('visaLetter.intro')}</p>
          <button type="button" className={buttonClass('primary', 'md', 'mt-4')} onClick={() => setOpen(true)}>
            {t('visaLetter.request')}
          </button>
        </>
      )}
      {open && (
        <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate data-testid="visa-letter-form">
          <p className="text-ink-300 sm:col-span-2">{t('visaLetter.intro')}</p>
          <Field label={t('visaLetter.fullName')} hint={t('visaLetter.fullNameHint')} error={nameError} className="sm:col-span-2">
            <input name="fullName" className={`${inputClass} uppercase`} autoComplete="name" required value={values.fullName} onChange={set('fullName')} />
          </Field>
          <Field label={t('visaLetter.nationality')}>
            <select name="nationality" className={inputClass} required value={values.nationality} onChange={set('nationality')}>
              <option value="">{t('visaLetter.choose')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('visaLetter.passportNumber')}>
            <input
              name="passportNumber"
              className={`${inputClass} uppercase`}
              autoComplete="off"
              required
              value={values.passportNumber}
              onChange={set('passportNumber')}
            />
          </Field>
          <Field label={t('visaLetter.dateOfBirth')}>
            <input
              name="dateOfBirth"
              type="date"
              className={inputClass}
              autoComplete="bday"
              required
              value={values.dateOfBirth}
              onChange={set('dateOfBirth')}
            />
          </Field>
          <Field label={t('visaLetter.embassy')}>
            <input name="embassy" className={inputClass} value={values.embassy} onChange={set('embassy')} />
          </Field>
          {problem && (
            <p role="alert" className="font-semibold text-danger-400 sm:col-span-2">
              {problem}
            </p>
          )}
          <button type="submit" className={buttonClass('primary', 'md', 'sm:col-span-2 sm:justify-self-start')} disabled={send.pending}>
            {send.pending ? t('visaLetter.sending') : t('visaLetter.send')}
          </button>
        </form>
      )}
    </section>
  );
}
