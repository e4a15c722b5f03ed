import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, Globe, Timer } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zoneLabel } from '../../../shared/gym-time';
import type { BookingFormValues } from '../../../shared/schemas/reservations';
import { COURSE_NAMES } from '../../../shared/site';
import { useFormatNumber, useLanguage, useLocalePath, useT, useTimetableWording, useZoneLabel } from '../../i18n/i18n';
import { usePageTitle, useSiteSettings } from '../../lib/site-settings';
import { SectionHeading } from '../../components/ui/section-heading';
import { BookingForm, EMPTY_BOOKING, bookingResolver } from '../../features/booking/booking-form';
import { SessionList } from '../../features/booking/session-list';
import { PassesSection } from '../../features/passes/passes-section';
import { gymTimeZone } from '../../lib/gym-zone';
import { useDocumentTitle } from '../../lib/hooks';
import { prefersReducedMotion, useSectionNav } from '../../lib/section-nav';
import { classesQuery, durationText, scheduleText, sessionFieldValue, sessionsQuery, type SessionDto } from '../../lib/timetable';
import { wordFit } from '../../lib/word-fit';

/** Success banner time and the delay before scrolling to the form (SPEC.md §9). */
const BANNER_MS = 5000;
const SCROLL_DELAY_MS = 100;

export default function BookingPage() {
  const pageTitle = usePageTitle();
  const { prices } = useSiteSettings();
  const t = useT();
  const lp = useLocalePath();
  const formatThb = useFormatNumber();
  const wording = useTimetableWording();
  const goToSection = useSectionNav();
  useDocumentTitle(pageTitle(t('booking.title')));
  const form = useForm<BookingFormValues>({ resolver: bookingResolver, defaultValues: EMPTY_BOOKING });
  const formRef = useRef<HTMLFormElement>(null);
  const [booked, setBooked] = useState(false);
  const queryClient = useQueryClient();
  // Both server-rendered (entry-server.tsx) and shared with the session list.
  const classes = useQuery(classesQuery(useLanguage()));
  const sessions = useQuery(sessionsQuery());
  const zone = useZoneLabel()(classes.data?.zoneLabel ?? sessions.data?.zoneLabel ?? zoneLabel(gymTimeZone()));
  const courses = classes.data ? classes.data.classes.map((c) => c.name) : COURSE_NAMES;
  const [course, preferredDate] = useWatch({ control: form.control, name: ['course', 'preferredDate'] });
  const chosen = sessions.data?.sessions.find((s) => s.course === course && sessionFieldValue(s) === preferredDate) ?? null;
  const refreshSessions = () => void queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });

  useEffect(() => {
    if (!booked) return;
    const t = window.setTimeout(() => setBooked(false), BANNER_MS);
    return () => window.clearTimeout(t);
  }, [booked]);

  const onBooked = () => {
    setBooked(true);
    refreshSessions();
    form.reset(EMPTY_BOOKING);
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  const scrollToForm = () =>
    window.setTimeout(() => {
      formRef.current?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      formRef.current?.querySelector<HTMLSelectElement>('select')?.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);

  const pickClass = (name: string) => {
    void import('../../features/booking/booking-resolver');
    form.setValue('course', name, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
    scrollToForm();
  };

  // A session fills the course and the date and time (gym time, as the field reads it).
  const pickSession = (s: SessionDto) => {
    void import('../../features/booking/booking-resolver');
    const opts = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
    form.setValue('course', s.course, opts);
    form.setValue('preferredDate', sessionFieldValue(s), opts);
    scrollToForm();
  };

  return (
    <div className="container-site py-12 md:py-16">
      <div role="status" aria-live="polite">
        {booked && (
          <p
            className="mb-8 flex items-center gap-3 rounded-card border border-success-400/50 bg-success-900 p-4 text-lg font-bold text-success-400"
            data-testid="booking-success"
          >
            <CheckCircle2 aria-hidden className="size-6 shrink-0" />
            {t('booking.sent')}
          </p>
        )}
      </div>

      <header className="mb-12 max-w-3xl">
        <p className="mb-3 text-eyebrow font-bold tracking-(--text-eyebrow--letter-spacing) text-blood-400 uppercase">{t('booking.eyebrow')}</p>
        <h1 className="font-display-tight text-display-fit" style={wordFit(t('booking.title'))}>
          {t('booking.title')}
        </h1>
        <p className="mt-4 text-lg text-ink-300">
          {t('booking.intro')}{' '}
          <a
            href={`${lp('/')}#contact`}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              goToSection('contact');
            }}
            className="font-semibold text-bone-50 underline underline-offset-4 hover:text-blood-400"
          >
            {t('booking.contactUs')}
          </a>
          .
        </p>
        <p className="mt-3 inline-flex items-center gap-2 text-base font-semibold text-bone-100" data-testid="zone-note">
          <Globe aria-hidden className="size-5 shrink-0 text-gold-400" />
          {t('booking.zone', { zone })}
        </p>
      </header>

      {/* Separate boundaries: hydrated one after the other in short tasks (see landing-page.tsx). */}
      <Suspense fallback={null}>
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
                {/* The owner's price table (site settings): whole THB, printed 1,000. */}
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
      </Suspense>

      <Suspense fallback={null}>
        <PassesSection />
      </Suspense>

      <Suspense fallback={null}>
        <section aria-labelledby="catalogue-title" className="mb-16">
          <SectionHeading eyebrow={t('booking.classesEyebrow')} title={t('booking.classesTitle')} id="catalogue-title">
            <p>{t('booking.classesIntro')}</p>
          </SectionHeading>
          {classes.isPending ? (
            <p role="status" className="text-ink-300">
              {t('classes.loading')}
            </p>
          ) : classes.isError ? (
            <p className="text-ink-300">{t('booking.classesFailed')}</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {classes.data.classes.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => pickClass(c.name)}
                    className="flex h-full w-full flex-col rounded-card border border-ink-700 bg-ink-900 p-5 text-left transition-colors hover:border-blood-500 hover:bg-ink-850"
                    data-testid="class-card"
                  >
                    <span className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm">
                      <span className="inline-flex items-center gap-1.5 font-bold text-gold-400">
                        <Clock aria-hidden className="size-4 shrink-0" />
                        {scheduleText(c, wording)}
                      </span>
                      <span className="rounded-pill bg-ink-700 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap uppercase">
                        {t(c.level === 'Beginner' ? 'level.beginner' : 'level.allLevels')}
                      </span>
                    </span>
                    <span className="font-display-tight text-2xl">{c.name}</span>
                    <span className="mt-2 flex-1 text-sm text-ink-300">{c.description}</span>
                    <span className="mt-3 inline-flex items-center gap-1.5 text-sm text-ink-300">
                      <Timer aria-hidden className="size-4" />
                      {durationText(c.durationMinutes, wording)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </Suspense>

      <Suspense fallback={null}>
        <section aria-labelledby="sessions-title" className="mb-16">
          <SectionHeading eyebrow={t('booking.timetableEyebrow')} title={t('booking.timetableTitle')} id="sessions-title">
            <p>{t('booking.timetableIntro')}</p>
          </SectionHeading>
          <SessionList chosenId={chosen?.id ?? null} onPick={pickSession} />
        </section>
      </Suspense>

      <Suspense fallback={null}>
        <section className="mx-auto max-w-3xl rounded-card border border-ink-700 bg-ink-900 p-6 sm:p-10">
          <BookingForm ref={formRef} form={form} onBooked={onBooked} courses={courses} zoneLabel={zone} onRefused={refreshSessions} />
        </section>
      </Suspense>
    </div>
  );
}
