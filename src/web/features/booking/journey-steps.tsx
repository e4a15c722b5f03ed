import { BedDouble, CalendarDays, Plane, Ticket, UserRound } from 'lucide-react';
import type { OffersDto } from '../../../shared/api-types/offers';
import type { MessageKey } from '../../../shared/i18n/locales/en';
import { useLocalePath, useT } from '../../i18n/i18n';
import { isRequest, offered, offReasonKey } from './journey-header';
import { journeySearch, STEPS, type Journey, type Step, type What } from './journey';

// The journey's server HTML (no island, no JavaScript): where the visitor is, and the first
// step's choices. Every step reached is a link back to it. The steps are named for the choice
// (a class is confirmed, a pass paid, a request sent); a booking made marks them all done
// (`data-done` on the list, set by the booking form).

const STEP_KEYS = { what: 'journey.step.what', when: 'journey.step.when', who: 'journey.step.who', pay: 'journey.step.pay' } as const;

/** The name of a step for the choice made. */
function stepKey(step: Step, what: What | null, offers: OffersDto | undefined): MessageKey {
  if (step === 'when' && what === 'pass') return 'journey.step.pass';
  if (step === 'when' && what === 'programme') return 'journey.step.programme';
  if (step === 'when' && what === 'stay') return 'journey.step.dates';
  if (step === 'pay' && what === 'class') return 'journey.step.confirm';
  if (step === 'pay' && (what === 'pass' || what === 'programme' || what === 'stay')) return 'journey.step.payOnly';
  if (step === 'pay' && what === 'private' && isRequest(offers)) return 'journey.step.send';
  return STEP_KEYS[step];
}

export function JourneySteps({ journey, offers }: { journey: Journey; offers?: OffersDto }) {
  const t = useT();
  const lp = useLocalePath();
  const current = STEPS.indexOf(journey.step);
  return (
    <nav aria-label={t('journey.steps')} className="mb-10">
      <ol className="group grid grid-cols-4 gap-1.5 sm:gap-3" data-testid="journey-steps">
        {STEPS.map((step, i) => {
          const label = (
            <>
              <span className="block font-display-tight text-xl tabular-nums sm:text-2xl">{i + 1}</span>
              <span className="block text-xs leading-tight font-semibold [overflow-wrap:anywhere] sm:text-sm">{t(stepKey(step, journey.what, offers))}</span>
            </>
          );
          // Once booked (data-done), every step but the last is done and the last is where the visitor is.
          const done =
            i === STEPS.length - 1
              ? 'group-data-done:border-gold-400 group-data-done:text-bone-50'
              : 'group-data-done:border-blood-500 group-data-done:text-bone-100';
          const box = `block h-full rounded-lg border-t-4 px-1.5 pt-1.5 pb-2 sm:px-3 ${done} ${i === current ? 'border-gold-400 text-bone-50' : i < current ? 'border-blood-500 text-bone-100' : 'border-ink-700 text-ink-400'}`;
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

/**
 * Step 1: one link per kind of booking that can be bought now; a kind that cannot is shown
 * without a link, with why (GET /api/offers). Prices come with the next step (each shown once).
 */
export function WhatChoices({ offers }: { offers?: OffersDto }) {
  const t = useT();
  const lp = useLocalePath();
  const card = 'flex h-full items-start gap-4 rounded-card border p-4 sm:p-5';
  return (
    <section aria-labelledby="what-title" className="mb-16">
      <h2 id="what-title" className="mb-6 font-display-tight text-3xl sm:text-4xl">
        {t('journey.whatTitle')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {CHOICES.map(({ what, title, text, icon: Icon }) => {
          const body = (on: boolean) => (
            <>
              <Icon aria-hidden className={`mt-1 size-6 shrink-0 ${on ? 'text-gold-400' : 'text-ink-400'}`} />
              {/* "Langzeitprogramm" is wider than a 320 px phone's card: the German text carries a soft hyphen; anything longer may still break. */}
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className={`block font-display-tight text-xl sm:text-2xl ${on ? 'text-bone-50' : 'text-ink-300'}`}>{t(title)}</span>
                {on ? (
                  <span className="mt-1 block text-sm text-ink-300">
                    {t(what === 'private' && isRequest(offers) ? 'journey.what.privateRequestText' : text)}
                  </span>
                ) : (
                  <>
                    <span className="mt-1 block text-xs font-bold tracking-wide text-gold-400 uppercase">{t('journey.unavailable')}</span>
                    <span className="mt-1 block text-sm text-ink-300">{t(offReasonKey(offers, what))}</span>
                  </>
                )}
              </span>
            </>
          );
          return (
            <li key={what}>
              {offered(offers, what) ? (
                <a
                  href={lp('/booking') + journeySearch({ what, step: 'when' })}
                  className={`${card} border-ink-700 bg-ink-900 transition-colors hover:border-blood-500 hover:bg-ink-850`}
                  data-testid="journey-choice"
                  data-what={what}
                >
                  {body(true)}
                </a>
              ) : (
                <div className={`${card} border-dashed border-ink-700`} data-testid="journey-choice-off" data-what={what}>
                  {body(false)}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
