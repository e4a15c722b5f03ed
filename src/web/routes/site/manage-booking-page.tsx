import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import ManageBooking from '../../features/booking/manage-booking';
import { managedBookingQuery } from '../../features/booking/manage-queries';
import LessonMove from '../../features/trainers/lesson-move';
import { Island } from '../../islands/island';
import { isErased } from '../../lib/link-read';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { useT } from '../../i18n/i18n';

// /booking/manage/:token, a page made of islands: the server renders the booking
// (features/booking/manage-booking.tsx), and the island wakes on first use, since nothing on it
// changes until the visitor acts (a tap before then is held and replayed; decision 123).
export default function ManageBookingPage() {
  const { token = '' } = useParams();
  const t = useT();
  const pageTitle = usePageTitle();
  useDocumentTitle(pageTitle(t('manage.title')));
  // A private lesson is moved to another of its trainer's free slots (issue 37).
  const read = useQuery(managedBookingQuery(token)).data;
  const managed = read && !isErased(read) ? read : null;
  const lessonMove = managed?.lessonMove;
  return (
    <>
      <Island name="manage-view" component={ManageBooking} props={{ token }} when="interaction" />
      {managed && lessonMove && (
        <Island
          name="lesson-move"
          component={LessonMove}
          props={{ token, lessonId: managed.id, trainerId: lessonMove.trainerId, minutes: lessonMove.minutes }}
          when="interaction"
        />
      )}
    </>
  );
}
