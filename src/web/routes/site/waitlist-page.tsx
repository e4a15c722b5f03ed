import { useParams } from 'react-router';
import WaitlistView from '../../features/booking/waitlist-view';
import { Island } from '../../islands/island';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { useT } from '../../i18n/i18n';

// /booking/waitlist/:token, a page made of islands: the entry is read from the visitor's
// browser when the island wakes (at once: an offer's time runs).
export default function WaitlistPage() {
  const { token = '' } = useParams();
  const t = useT();
  const pageTitle = usePageTitle();
  useDocumentTitle(pageTitle(t('waitlist.title')));
  return <Island name="waitlist-view" component={WaitlistView} props={{ token }} when="load" />;
}
