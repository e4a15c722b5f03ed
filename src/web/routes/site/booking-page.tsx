import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useLocation } from 'react-router';
import { zoneLabel } from '../../../shared/gym-time';
import { COURSE_NAMES } from '../../../shared/site';
import { useFormatNumber, useLanguage, useT, useZoneLabel } from '../../i18n/i18n';
import { usePageTitle, useSiteSettings } from '../../lib/site-settings';
import { SectionHeading } from '../../components/ui/section-heading';
import BookingPanel from '../../features/booking/booking-form';
import ClassPicker from '../../features/booking/class-picker';
import { readJourney } from '../../features/booking/journey';
import { isRequest, JourneyHeader, journeyTitleKey, NotOffered, offered } from '../../features/booking/journey-header';
import { JourneySteps, WhatChoices } from '../../features/booking/journey-steps';
import { offersQuery } from '../../features/booking/offers-query';
import SessionPicker from '../../features/booking/session-picker';
import PassesSection from '../../features/passes/passes-section';
import StayJourney from '../../features/passes/stay-journey';
import VisaFaq from '../../features/passes/visa-faq';
import { PrivateLessons } from '../../features/trainers/private-lessons';
import { Island } from '../../islands/island';
import { gymTimeZone } from '../../lib/gym-zone';
import { useDocumentTitle } from '../../lib/hooks';
import { classesQuery } from '../../lib/timetable';

// A page made of islands (app/pages.ts) and a journey in steps (features/booking/journey.ts):
// the step is in the address, and the server renders only that step. Step 1 (what) is server
// HTML: the five kinds of booking and the price table. Step 2 onwards: a class (catalogue,
// coming sessions, the booking form: SPEC.md's form, which asks who and confirms), a pass or a
// programme (the shop, its cards carrying the prices), a stay (its own island, steps 2–4) or a
// private lesson (its prices, then a trainer's free slot; a request while no trainer takes
// bookings). Only what GET /api/offers says can be bought now is offered (issue 46 §2).

export default function BookingPage() {
  const pageTitle = usePageTitle();
  const t = useT();
  const journey = readJourney(useLocation().search);
  // What can be bought now (GET /api/offers): a kind that cannot is shown with why, never a dead end.
  const offers = useQuery(offersQuery()).data;
  useDocumentTitle(pageTitle(t(journeyTitleKey(journey.what, offers))));
  const classes = useQuery(classesQuery(useLanguage()));
  const zone = useZoneLabel()(classes.data?.zoneLabel ?? zoneLabel(gymTimeZone()));
  const courses = classes.data ? classes.data.classes.map((c) => c.name) : [...COURSE_NAMES];
  const open = journey.what !== null && offered(offers, journey.what);

  return (
    <div className="container-site py-12 md:py-16" data-journey-what={journey.what ?? ''} data-journey-step={journey.step}>
      {/* The booking form shows its 5 s banner here (features/booking/booking-form.tsx). */}
      <div id="booking-status" role="status" aria-live="polite" />

      <JourneyHeader what={journey.what} offers={offers}>
        {(journey.what === null || journey.what === 'class' || journey.what === 'private') && (
          <p className="mt-3 inline-flex items-center gap-2 text-base font-semibold text-bone-100" data-testid="zone-note">
            <Globe aria-hidden className="size-5 shrink-0 text-gold-400" />
            {t('booking.zone', { zone })}
          </p>
        )}
      </JourneyHeader>

      <JourneySteps journey={journey} offers={offers} />

      {journey.what === null && (
        <>
          <WhatChoices offers={offers} />
          <PriceTable />
        </>
      )}

      {journey.what !== null && !open && <NotOffered what={journey.what} offers={offers} />}

      {open && journey.what === 'pass' && <Island name="passes-shop" component={PassesSection} props={{ only: 'passes' as const }} when="interaction" />}

      {open && journey.what === 'programme' && (
        <>
          <Island name="passes-shop" component={PassesSection} props={{ only: 'programmes' as const }} when="interaction" />
          <VisaFaq />
        </>
      )}

      {open && journey.what === 'stay' && (
        <Island
          name="stay-journey"
          component={StayJourney}
          props={{ step: journey.step, checkIn: journey.checkIn, checkOut: journey.checkOut, guests: journey.guests, room: journey.room }}
          when="load"
        />
      )}

      {open && journey.what === 'class' && (
        <>
          <section aria-labelledby="catalogue-title" className="mb-16">
            <SectionHeading eyebrow={t('booking.classesEyebrow')} title={t('booking.classesTitle')} id="catalogue-title">
              <p>{t('booking.classesIntro')}</p>
            </SectionHeading>
            {classes.isError || !classes.data ? (
              <p className="text-ink-300">{t('booking.classesFailed')}</p>
            ) : (
              <Island name="class-picker" component={ClassPicker} props={{ classes: classes.data.classes }} when="interaction" />
            )}
          </section>

          <section aria-labelledby="sessions-title" className="mb-16">
            <SectionHeading eyebrow={t('booking.timetableEyebrow')} title={t('booking.timetableTitle')} id="sessions-title">
              <p>{t('booking.timetableIntro')}</p>
            </SectionHeading>
            <Island name="session-picker" component={SessionPicker} props={{}} when="visible" />
          </section>
          <FormBox courses={courses} zone={zone} course="" waiver={offers?.waiver ?? false} />
        </>
      )}

      {open && journey.what === 'private' && <PrivateStep requestCourses={isRequest(offers) ? (offers?.private.courses ?? []) : null} zone={zone} />}
    </div>
  );
}

function FormBox({
  courses,
  zone,
  course,
  request = false,
  waiver = false,
}: {
  courses: string[];
  zone: string;
  course: string;
  request?: boolean;
  waiver?: boolean;
}) {
  return (
    <section className="mx-auto max-w-3xl rounded-card border border-ink-700 bg-ink-900 p-6 sm:p-10">
      <Island name="booking-form" component={BookingPanel} props={{ courses, zoneLabel: zone, course, request, waiver }} when="interaction" />
    </section>
  );
}

/** The owner's price table (site settings): whole THB, printed 1,000; step 1 shows it, once. */
function PriceTable() {
  const t = useT();
  const { prices } = useSiteSettings();
  const formatThb = useFormatNumber();
  return (
    <section aria-labelledby="prices-title" className="mb-16">
      <SectionHeading eyebrow={t('booking.pricesEyebrow')} title={t('booking.pricesTitle')} id="prices-title" />
      <div className="overflow-x-auto rounded-card border border-ink-700">
        <table className="w-full min-w-[16rem] border-collapse text-left">
          <caption className="sr-only">{t('booking.pricesCaption')}</caption>
          <thead className="bg-ink-800 text-xs tracking-wide uppercase sm:text-sm">
            <tr>
              <th scope="col" className="px-2 py-3 sm:p-4">
                {t('booking.item')}
              </th>
              {prices.columns.map((c, i) => (
                <th key={i} scope="col" className="px-2 py-3 text-right sm:p-4">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {prices.rows.map((row, r) => (
              <tr key={r} className="border-t border-ink-700 odd:bg-ink-900">
                <th scope="row" className="px-2 py-3 text-sm font-semibold sm:p-4 sm:text-base">
                  {row.label}
                </th>
                {row.prices.map((amount, c) => (
                  <td key={c} className="px-2 py-3 text-right font-display-tight text-lg tabular-nums sm:p-4 sm:text-xl">
                    {formatThb(amount)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A private lesson: its prices, then a free slot of a trainer's (issue 37), or, while no trainer
 * takes bookings on the site, a request of the class by appointment (its courses only): the
 * gym answers it with a time, and its e-mail says it was received, not booked.
 */
function PrivateStep({ requestCourses, zone }: { requestCourses: string[] | null; zone: string }) {
  return (
    <>
      <PrivatePrice />
      {requestCourses ? <FormBox courses={requestCourses} zone={zone} course={requestCourses[0] ?? ''} request /> : <PrivateLessons />}
    </>
  );
}

/** The private lessons' row of the price table, once (the page's introduction says how they are booked). */
function PrivatePrice() {
  const { prices } = useSiteSettings();
  const formatThb = useFormatNumber();
  const row = prices.rows.find((r) => r.pass?.kind === 'private');
  return (
    <section className="mx-auto mb-8 max-w-3xl" data-testid="private-lesson">
      {row && (
        <dl className="grid gap-2 sm:grid-cols-2">
          {row.prices.map((amount, c) => (
            <div key={c} className="rounded-card border border-ink-700 bg-ink-900 p-4">
              <dt className="text-sm text-ink-300">
                {row.label} · {prices.columns[c]}
              </dt>
              <dd className="font-display-tight text-2xl text-gold-400 tabular-nums">{formatThb(amount)} THB</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
