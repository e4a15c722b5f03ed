import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LedgerLineDto, PassDto, StaffOrderDto } from '../../../../shared/api-types';
import type { OrderPaymentPayload, OrderRefundPayload } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { usePagedList } from '../../lib/list-state';
import type { DeskSalePayload } from './sale-schema';

// Orders and money (issue 21): GET /api/orders (pages), GET /api/orders/{id}, the staff's
// payments, the admin's refunds, cancelling, the desk's sale (POST /api/desk/orders) and the
// passes on sale (GET /api/passes).

/** A ledger line; who recorded it when the server says so (staff lines; none for the card webhook). */
export type LedgerLine = LedgerLineDto & { createdByName?: string | null };

/** An order as the back office reads it; the transfer slip's address when the buyer sent one. */
export type StaffOrder = Omit<StaffOrderDto, 'ledger'> & { ledger: LedgerLine[]; slipUrl?: string | null; customerPhone?: string | null };

export interface OrderPage {
  items: StaffOrder[];
  total: number;
  page: number;
  pageSize: number;
}

export const ORDERS_KEY = ['/api/orders'] as const;
const orderKey = (id: number) => [...ORDERS_KEY, id] as const;

export const useOrderPage = (query: string) => usePagedList<OrderPage>('/api/orders', query);
export const useOrder = (id: number) => useQuery<StaffOrder>({ queryKey: orderKey(id), enabled: Number.isSafeInteger(id) && id > 0 });
/** The passes on sale, asked for only once the sale form opens. */
export const usePasses = (enabled: boolean) => useQuery<PassDto[]>({ queryKey: ['/api/passes'], enabled });

/**
 * A write on an order: its answer is the order as it now stands (shown at once), then every view
 * money shows on is refreshed (the lists, the desk's arrivals, the dashboard, the customers).
 */
function useOrderWrite<TVars>(fn: (vars: TVars) => Promise<StaffOrder>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (order) => {
      if (order && typeof order.id === 'number') qc.setQueryData(orderKey(order.id), order);
    },
    onSettled: () =>
      Promise.all([ORDERS_KEY, ['/api/desk'], ['/api/dashboard-stats'], ['/api/customers']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

export const useRecordPayment = (id: number) =>
  useOrderWrite((body: OrderPaymentPayload) => apiRequest<StaffOrder>('POST', `/api/orders/${id}/payments`, body));
/** A refund is sent with its dialog's Idempotency-Key: a retry (a double click, a lost answer) refunds once. */
export const useRecordRefund = (id: number) =>
  useOrderWrite(({ body, key }: { body: OrderRefundPayload; key: string }) =>
    apiRequest<StaffOrder>('POST', `/api/orders/${id}/refunds`, body, { headers: { 'Idempotency-Key': key } }),
  );
export const useCancelOrder = (id: number) => useOrderWrite(() => apiRequest<StaffOrder>('POST', `/api/orders/${id}/cancel`));
export const useDeskSale = () => useOrderWrite((body: DeskSalePayload) => apiRequest<StaffOrder>('POST', '/api/desk/orders', body));
