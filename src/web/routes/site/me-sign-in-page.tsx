import MeConfirm from '../../features/me/me-confirm';
import { Island } from '../../islands/island';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { useT } from '../../i18n/i18n';

// /me/sign-in?token=…, a page made of islands: the e-mail's link, signed in by a button press only.
export default function MeSignInPage() {
  const t = useT();
  const pageTitle = usePageTitle();
  useDocumentTitle(pageTitle(t('me.confirmTitle')));
  return <Island name="me-sign-in" component={MeConfirm} props={{}} when="load" />;
}
