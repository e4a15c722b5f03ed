import { lazy, Suspense, useState } from 'react';
import type { WaiverStatusDto } from '../../../shared/api-types/waivers';
import { buttonClass } from '../../components/ui/button';
import { useLanguage, useT } from '../../i18n/i18n';
import { gymTimeZone } from '../../lib/gym-zone';

// My page's waiver and health declaration (issue 47 point 4, decision 185): its state, a link to
// the signed PDF, and the form, whose code (zod, the drawing pad) loads only when it is opened.

const WaiverForm = lazy(() => import('./me-waiver-form'));

/** The section on My page: nothing when the gym publishes no waiver; else its state and the form. */
export default function MeWaiver({ status }: { status: WaiverStatusDto }) {
  const t = useT();
  const language = useLanguage();
  const [state, setState] = useState(status);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  if (!state.required && state.signedVersion === null) return null;
  const date = state.signedAt ? new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: gymTimeZone() }).format(new Date(state.signedAt)) : '';
  return (
    <section aria-labelledby="me-waiver-title" className="mt-8 border-t border-ink-700 pt-6" id="waiver" data-testid="me-waiver">
      <h3 id="me-waiver-title" className="font-display-tight text-2xl">
        {t('waiver.title')}
      </h3>
      {done && (
        <p role="status" className="mt-2 text-base font-semibold">
          {t('waiver.done')}
        </p>
      )}
      {!state.required && state.signedVersion !== null && (
        <p className="mt-2 text-base text-ink-300">
          {t('waiver.signedOn', { date, version: String(state.signedVersion) })}{' '}
          <a href="/api/me/waiver.pdf" className="underline underline-offset-4">
            {t('waiver.pdf')}
          </a>
        </p>
      )}
      {state.required && !open && (
        <>
          <p className="mt-2 text-base text-ink-300">{t('waiver.required')}</p>
          <button type="button" onClick={() => setOpen(true)} className={buttonClass('primary', 'md', 'mt-4 w-full sm:w-auto')}>
            {t('waiver.open')}
          </button>
        </>
      )}
      {state.required && open && (
        <Suspense fallback={<p role="status">{t('waiver.loading')}</p>}>
          <WaiverForm
            onSigned={(s) => {
              setState(s);
              setOpen(false);
              setDone(true);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
