import { programmesFromSettings } from '../../../shared/catalogue';
import { SectionHeading } from '../../components/ui/section-heading';
import { useT } from '../../i18n/i18n';
import { useSiteSettings } from '../../lib/site-settings';

const QUESTIONS = [
  ['visa.letterQ', 'visa.letterA'],
  ['visa.embassyQ', 'visa.embassyA'],
  ['visa.promiseQ', 'visa.promiseA'],
] as const;

/**
 * Words for travellers staying long (issue 35 §9): what the enrolment letter is, what the embassy
 * also asks for, and that the gym cannot promise a visa. Shown while a programme is on sale; plain
 * HTML (details/summary), no script.
 */
export default function VisaFaq() {
  const t = useT();
  const site = useSiteSettings();
  if (!programmesFromSettings(site, { letterChecked: true }).some((p) => !p.hidden)) return null;
  return (
    <section aria-labelledby="visa-faq-title" className="mb-16" data-testid="visa-faq">
      <SectionHeading eyebrow={t('visa.eyebrow')} title={t('visa.title')} id="visa-faq-title" />
      <div className="grid max-w-3xl gap-3">
        {QUESTIONS.map(([q, a]) => (
          <details key={q} className="group rounded-card border border-ink-700 bg-ink-900 p-4 sm:p-5">
            <summary className="cursor-pointer font-semibold text-bone-50 marker:text-gold-400">{t(q)}</summary>
            <p className="mt-3 text-ink-300">{t(a)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
