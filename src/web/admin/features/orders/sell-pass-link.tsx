import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';

/** The desk's way to the pass sale: the orders screen with its sale form open. */
export function SellPassLink() {
  return (
    <Link
      to="/admin/orders?vendre=1"
      className="inline-flex h-10 items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      <ShoppingBag className="h-4 w-4" aria-hidden />
      Vendre une formule
    </Link>
  );
}
