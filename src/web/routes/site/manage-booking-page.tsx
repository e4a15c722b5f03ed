import { useParams } from 'react-router';
import ManageBooking from '../../features/booking/manage-booking';
import { Island } from '../../islands/island';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { useT } from '../../i18n/i18n';

// /booking/manage/:token, a page made of islands: the booking itself is read by the visitor's
// browser (features/booking/manage-booking.tsx).
export default function ManageBookingPage() {
  const { token = '' } = useParams();
  const t = useT();
  const pageTitle = usePageTitle();
  useDocumentTitle(pageTitle(t('manage.title')));
  return <Island name="manage-view" component={ManageBooking} props={{ token }} />;
}
