import { sessionFieldValue, sessionsQuery, type SessionDto } from '../../lib/timetable';
import { useResource } from '../../lib/resource';
import { chooseForBooking, useBookingShared } from './booking-store';
import { SessionList } from '../../components/timetable/session-list';

/**
 * The coming sessions of /booking, an island hydrated as it nears the viewport: a session
 * chosen fills the booking form's course and date and time (gym time, as the field reads it),
 * and the session the form holds is marked.
 */
export default function SessionPicker() {
  const { course, preferredDate } = useBookingShared();
  const sessions = useResource(sessionsQuery());
  const chosen = sessions.data?.sessions.find((s) => s.course === course && sessionFieldValue(s) === preferredDate) ?? null;
  const pick = (s: SessionDto) => {
    void import('./booking-resolver');
    chooseForBooking({ course: s.course, preferredDate: sessionFieldValue(s) });
  };
  return <SessionList chosenId={chosen?.id ?? null} onPick={pick} />;
}
