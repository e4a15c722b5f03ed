import { isErased } from '../../lib/link-read';
import { useResource } from '../../lib/resource';
import OrderStay from './order-stay';
import PickupFlight from './pickup-flight';
import { orderQuery } from './pass-queries';

// The stay's island on the order page (issue 36): the server renders it with the order it read;
// the browser loads its code only on first use (the change of dates, the flight given), so an
// order page with a stay or a pickup weighs what a pass's does until then (the page-weight budget).
export default function OrderStayIsland({ token }: { token: string }) {
  const read = useResource(orderQuery(token)).data;
  const order = read && !isErased(read) ? read : null;
  if (!order?.lines) return null;
  return (
    <div className="container-site -mt-4 pb-12 md:-mt-8 md:pb-16">
      <div className="mx-auto max-w-3xl">
        <OrderStay order={order} token={token} />
        {order.pickup && order.status !== 'cancelled' && order.status !== 'expired' && <PickupFlight token={token} pickup={order.pickup} />}
      </div>
    </div>
  );
}
