import { useQuery } from '@tanstack/react-query';
import { SectionHeading } from '../../components/ui/section-heading';
import { useLanguage, useT } from '../../i18n/i18n';
import { Island } from '../../islands/island';
import LessonBooking from './lesson-booking';
import { trainersQuery } from './queries';

/**
 * /booking's private lessons (issue 37): the trainers (server HTML) and the booking of a free
 * slot (an island, on first use). Kept in its own file with a one-line mount so that the booking
 * page can be rebuilt around it.
 */
export function PrivateLessons() {
  const { data } = useQuery(trainersQuery(useLanguage()));
  const t = useT();
  const trainers = data?.trainers ?? [];
  if (!trainers.length) return null;
  return (
    <section id="private-lessons" aria-labelledby="private-lessons-title" className="mb-16">
      <SectionHeading eyebrow={t('trainers.eyebrow')} title={t('lesson.title')} id="private-lessons-title">
        <p>{t('trainers.intro')}</p>
      </SectionHeading>
      <Island name="lesson-booking" component={LessonBooking} props={{ trainers }} when="interaction" />
    </section>
  );
}
