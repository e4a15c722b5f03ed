import { BedDouble, CalendarDays, Plane, Ticket, UserRound } from 'lucide-react';
import type { MessageKey } from '../../../shared/i18n/locales/en';
import { useLocalePath, useT } from '../../i18n/i18n';
import { journeySearch, STEPS, type Journey, type What } from './journey';

// The journey's server HTML (no island, no JavaScript): where the visitor is, and the first
// step's choices. Every step reached is a link back to it.

const STEP_KEYS = { what: 'journey.step.what', when: 'journey.step.when', who: 'journey.step.who', pay: 'journey.step.pay' } as const;

export function JourneySteps({ journey }: { journey: Journey }) {
  const t = useT();
  const lp = useLocalePath();
  const current = STEPS.indexOf(journey.step);
  return (
    <nav aria-label={t('journey.steps')} className="mb-10">
      <ol className="grid grid-cols-4 gap-1.5 sm:gap-3" data-testid="journey-steps">
        {STEPS.map((step, i) => {
          const label = (
            <>
              <span className="block font-display-tight text-xl tabular-nums sm:text-2xl">{i + 1}</span>
              <span className="block text-xs leading-tight font-semibold [overflow-wrap:anywhere] sm:text-sm">{t(STEP_KEYS[step])}</span>
            </>
          );
          const box = `block h-full rounded-lg border-t-4 px-1.5 pt-1.5 pb-2 sm:px-3 ${i === current ? 'border-gold-400 text-bone-50' : i < current ? 'border-blood-500 text-bone-100' : 'border-ink-700 text-ink-400'}`;
          return (
            <li key={step} data-step={step} aria-current={i === current ? 'step' : undefined}>
              {i < current ? (
                <a
                  href={lp('/booking') + journeySearch(journey, { step, ...(step === 'what' ? { what: null } : {}) })}
                  className={`${box} hover:text-gold-400`}
                >
                  {label}
                </a>
              ) : (
                <span className={box}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

const CHOICES: { what: What; title: MessageKey; text: MessageKey; icon: typeof Ticket }[] = [
  { what: 'class', title: 'journey.what.class', text: 'journey.what.classText', icon: CalendarDays },
  { what: 'pass', title: 'journey.what.pass', text: 'journey.what.passText', icon: Ticket },
  { what: 'programme', title: 'journey.what.programme', text: 'journey.what.programmeText', icon: Plane },
  { what: 'stay', title: 'journey.what.stay', text: 'journey.what.stayText', icon: BedDouble },
  { what: 'private', title: 'journey.what.private', text: 'journey.what.privateText', icon: UserRound },
];

/** Step 1: one link per kind of booking; prices come with the next step (each shown once). */
export function WhatChoices() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="what-title" className="mb-16">
      <h2 id="what-title" className="mb-6 font-display-tight text-3xl sm:text-4xl">
        {t('journey.whatTitle')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {CHOICES.map(({ what, title, text, icon: Icon }) => (
          <li key={what}>
            <a
              href={lp('/booking') + journeySearch({ what, step: 'when' })}
              className="flex h-full items-start gap-4 rounded-card border border-ink-700 bg-ink-900 p-4 transition-colors hover:border-blood-500 hover:bg-ink-850 sm:p-5"
              data-testid="journey-choice"
              data-what={what}
            >
              <Icon aria-hidden className="mt-1 size-6 shrink-0 text-gold-400" />
              {/* "Langzeitprogramm" is wider than a 320 px phone's card: the German text carries a soft hyphen; anything longer may still break. */}
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="block font-display-tight text-xl text-bone-50 sm:text-2xl">{t(title)}</span>
                <span className="mt-1 block text-sm text-ink-300">{t(text)}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
