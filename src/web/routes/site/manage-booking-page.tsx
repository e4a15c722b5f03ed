import { useParams } from 'react-router';
import ManageBooking from '../../features/booking/manage-booking';
import { Island } from '../../islands/island';
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
  return <Island name="manage-view" component={ManageBooking} props={{ token }} when="interaction" />;
}
