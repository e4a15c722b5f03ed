import { useParams } from 'react-router';
import VerifyView from '../../features/passes/verify-view';
import { Island } from '../../islands/island';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { useT } from '../../i18n/i18n';

// /verify/:code, a page made of islands: the letter's state, rendered by the server with its data
// (an officer's phone reads it at once); the island wakes only when used (a retry after a failure).
export default function VerifyPage() {
  const { code = '' } = useParams();
  const t = useT();
  const pageTitle = usePageTitle();
  useDocumentTitle(pageTitle(t('verify.title')));
  return <Island name="verify-view" component={VerifyView} props={{ code }} when="interaction" />;
}
