import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Clock, Timer } from 'lucide-react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath, useT, useTimetableWording, useZoneLabel, type Translate } from '../../i18n/i18n';
import { buttonClass } from '../../components/ui/button';
import { SectionHeading } from '../../components/ui/section-heading';
import { classesQuery, durationText, scheduleText, type PublicClassDto } from '../../lib/timetable';

/** The daily schedule: the class catalogue as the timetable holds it (GET /api/classes, server-rendered). */
export function ClassesSection() {
  const { data, isPending, isError } = useQuery(classesQuery(useLanguage()));
  const t = useT();
  const lp = useLocalePath();
  const wording = useTimetableWording();
  const zoneIn = useZoneLabel();
  return (
    <section id="classes" aria-labelledby="classes-title" className="border-y border-ink-800 bg-ink-900 py-section">
      <div className="container-site">
        <SectionHeading eyebrow={t('classes.eyebrow')} title={t('classes.title')} id="classes-title">
          {data && <p data-testid="classes-intro">{classesIntro(data.classes, t)}</p>}
          {data && <p className="mt-2 text-base">{t('classes.zone', { zone: zoneIn(data.zoneLabel) })}</p>}
        </SectionHeading>
        {isPending ? (
          <p role="status" className="text-ink-300">
            {t('classes.loading')}
          </p>
        ) : isError ? (
          <p className="text-ink-300">{t('classes.failed')}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="landing-classes">
            {data.classes.map((c) => (
              <li key={c.id} className="flex flex-col rounded-card border border-ink-700 bg-ink-950 p-6">
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <span className="inline-flex items-center gap-1.5 text-sm font-bold text-gold-400">
                    <Clock aria-hidden className="size-4 shrink-0" />
                    {scheduleText(c, wording)}
                  </span>
                  <span
                    className={`rounded-pill px-2.5 py-0.5 text-xs font-bold whitespace-nowrap uppercase ${c.level === 'Beginner' ? 'bg-gold-400 text-ink-950' : 'bg-ink-700 text-bone-100'}`}
                  >
                    {t(c.level === 'Beginner' ? 'level.beginner' : 'level.allLevels')}
                  </span>
                </div>
                <h3 className="font-display-tight text-2xl">{c.name}</h3>
                <p className="mt-2 flex-1 text-ink-300">{c.description}</p>
                <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-ink-300">
                  <Timer aria-hidden className="size-4" />
                  {durationText(c.durationMinutes, wording)}
                </p>
                {c.byAppointment && (
                  <a
                    href={`${lp('/booking')}?what=private&step=when#private-lessons`}
                    className="mt-3 text-sm font-semibold text-bone-50 underline underline-offset-4 hover:text-blood-400"
                  >
                    {t('lesson.withTrainer')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 flex justify-center">
          <Link to={lp('/booking')} className={buttonClass('primary', 'lg', 'text-center')}>
            {t('classes.cta')}
            <ArrowRight aria-hidden className="size-5 shrink-0" />
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * The schedule's numbers from the timetable itself (issue 46): the sessions of the busiest day
 * ("up to" when days differ) and the classes' length when they all share one.
 */
function classesIntro(classes: PublicClassDto[], t: Translate): string {
  const perDay = new Map<number, number>();
  for (const c of classes) for (const s of c.schedule) for (const d of s.weekdays) perDay.set(d, (perDay.get(d) ?? 0) + 1);
  const counts = [...perDay.values()];
  const count = counts.length ? Math.max(...counts) : 0;
  const lengths = new Set(classes.filter((c) => c.schedule.length > 0).map((c) => c.durationMinutes));
  const day = count === 0 ? '' : t(counts.every((n) => n === count) ? 'classes.perDay' : 'classes.upToPerDay', { count });
  const lasts = lengths.size === 1 ? t('classes.lasts', { minutes: [...lengths][0] }) : '';
  // Chinese sentences follow one another without a space.
  return [day, lasts].filter(Boolean).join(day.endsWith('。') ? '' : ' ');
}
