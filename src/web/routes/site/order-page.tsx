import { useParams } from 'react-router';
import OrderView from '../../features/passes/order-view';
import OrderStayIsland from '../../features/passes/order-stay-island';
import { Island } from '../../islands/island';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { useT } from '../../i18n/i18n';

// /booking/order/:token, a page made of islands: the order itself is read by the visitor's
// browser (features/passes/order-view.tsx).
export default function OrderPage() {
  const { token = '' } = useParams();
  const t = useT();
  const pageTitle = usePageTitle();
  useDocumentTitle(pageTitle(t('order.title')));
  return (
    <>
      <Island name="order-view" component={OrderView} props={{ token }} />
      {/* A stay's lines and its change of dates: rendered by the server, hydrated on first use. */}
      <Island name="order-stay" component={OrderStayIsland} props={{ token }} when="interaction" />
    </>
  );
}
