import MeView from '../../features/me/me-view';
import { Island } from '../../islands/island';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { useT } from '../../i18n/i18n';

// /me, a page made of islands (issue 47): the traveller's own page; whether they are signed in
// is read by the browser when the island wakes (at once).
export default function MePage() {
  const t = useT();
  const pageTitle = usePageTitle();
  useDocumentTitle(pageTitle(t('me.title')));
  return <Island name="me-view" component={MeView} props={{}} when="load" />;
}
