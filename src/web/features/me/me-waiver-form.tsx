import { useEffect, useRef, useState, type FormEvent } from 'react';
import type SignaturePad from 'signature_pad';
import type { WaiverDto, WaiverStatusDto } from '../../../shared/api-types/waivers';
import { WAIVER_CONDITIONS, waiverSignPayloadSchema } from '../../../shared/schemas/waivers';
import type { MessageKey } from '../../../shared/i18n/locales/en';
import { buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { useLanguage, useT } from '../../i18n/i18n';
import { apiGet, apiPost, errorCode } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';

// The form that signs the waiver (issue 47 point 4, decision 185), loaded when the traveller
// opens it: the answers, the typed name and a signature drawn with a finger (signature_pad,
// loaded with the form). The same zod schema as the server checks the form.

const label = 'mb-1 block text-sm font-bold';

export default function WaiverForm({ onSigned }: { onSigned: (s: WaiverStatusDto) => void }) {
  const t = useT();
  const language = useLanguage();
  const [waiver, setWaiver] = useState<WaiverDto | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    apiGet<WaiverDto>('/api/me/waiver').then(setWaiver, () => setLoadFailed(true));
  }, []);
  useEffect(() => {
    if (!waiver?.current || !canvas.current) return;
    let cancelled = false;
    void import('signature_pad').then(({ default: Pad }) => {
      const el = canvas.current;
      if (cancelled || !el) return;
      // Drawn at the screen's pixel density, so the PNG is sharp and the stroke follows the finger.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      pad.current = new Pad(el, { penColor: '#111111', backgroundColor: 'rgba(0,0,0,0)' });
    });
    return () => {
      cancelled = true;
      pad.current?.off();
    };
  }, [waiver]);

  const sign = useAction((body: unknown) => apiPost<WaiverStatusDto>('/api/me/waiver', body), {
    onSuccess: onSigned,
    onError: (err) => {
      const code = errorCode(err);
      setFailure(code === 'waiver_minor' ? t('waiver.minor') : code === 'waiver_version_stale' ? t('waiver.stale') : t('waiver.failed'));
    },
  });

  if (loadFailed) return <p role="alert">{t('waiver.failed')}</p>;
  if (!waiver?.current) return <p role="status">{t('waiver.loading')}</p>;
  const current = waiver.current;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => {
      const v = data.get(name);
      return typeof v === 'string' ? v : '';
    };
    const drawn = pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png') : '';
    const parsed = waiverSignPayloadSchema.safeParse({
      version: current.version,
      fullName: text('fullName'),
      birthDate: text('birthDate'),
      emergencyName: text('emergencyName'),
      emergencyPhone: text('emergencyPhone'),
      conditions: data.getAll('conditions').filter((v): v is string => typeof v === 'string'),
      conditionsText: text('conditionsText'),
      signatureName: text('signatureName'),
      signatureImage: drawn,
    });
    setFailure(null);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        // The schema's own keys; a rule shared with other forms (a person's name) says it in English.
        const key = issue.message.startsWith('waiver.error.') ? issue.message : `waiver.error.${field === 'conditions' ? 'condition' : field}`;
        next[field] ??= t(key as MessageKey);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    sign.run(parsed.data);
  };
  const error = (name: string) =>
    errors[name] ? (
      <p id={`waiver-${name}-error`} role="alert" className="mt-1 text-sm text-danger-400">
        {errors[name]}
      </p>
    ) : null;
  const field = (name: string, key: MessageKey, type = 'text', autoComplete?: string) => (
    <div>
      <label htmlFor={`waiver-${name}`} className={label}>
        {t(key)}
      </label>
      <input
        id={`waiver-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `waiver-${name}-error` : undefined}
        className={inputClass}
      />
      {error(name)}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4" data-testid="waiver-form">
      {current.language !== language && <p className="text-sm text-ink-300">{t('waiver.inEnglish')}</p>}
      <div lang={current.language} className="max-h-72 overflow-y-auto rounded-md border border-ink-700 p-4 text-sm whitespace-pre-line">
        {current.text}
      </div>
      {field('fullName', 'waiver.fullName', 'text', 'name')}
      {field('birthDate', 'waiver.birthDate', 'date', 'bday')}
      {field('emergencyName', 'waiver.emergencyName')}
      {field('emergencyPhone', 'waiver.emergencyPhone', 'tel')}
      <fieldset>
        <legend className={label}>{t('waiver.conditions')}</legend>
        <p className="mb-2 text-sm text-ink-300">{t('waiver.healthNote')}</p>
        <div className="grid gap-1 sm:grid-cols-2">
          {WAIVER_CONDITIONS.map((c) => (
            <label key={c} className="flex min-h-11 items-center gap-3 text-base">
              <input type="checkbox" name="conditions" value={c} className="h-5 w-5 shrink-0" />
              {t(`waiver.condition.${c}` as MessageKey)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="waiver-conditionsText" className={label}>
          {t('waiver.conditionsText')}
        </label>
        <textarea id="waiver-conditionsText" name="conditionsText" rows={3} className={inputClass} />
        {error('conditionsText')}
      </div>
      {field('signatureName', 'waiver.signatureName')}
      <div>
        <p id="waiver-draw" className={label}>
          {t('waiver.draw')}
        </p>
        <canvas
          ref={canvas}
          aria-labelledby="waiver-draw"
          data-testid="waiver-canvas"
          className="h-40 w-full touch-none rounded-md border border-ink-600 bg-bone-50"
        />
        <button type="button" onClick={() => pad.current?.clear()} className={buttonClass('ghost', 'sm', 'mt-1')}>
          {t('waiver.clear')}
        </button>
        {error('signatureImage')}
      </div>
      <button type="submit" disabled={sign.pending} className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
        {sign.pending ? t('waiver.sending') : t('waiver.accept')}
      </button>
      {failure && (
        <p role="alert" className="text-base font-semibold text-danger-400" data-testid="waiver-failure">
          {failure}
        </p>
      )}
    </form>
  );
}
