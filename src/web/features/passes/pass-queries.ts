import { queryOptions } from '@tanstack/react-query';
import type { OrderDto, PassDto } from '../../../shared/api-types/payments';
import { ApiError, apiGet, apiPost, uploadWithProgress, type GetJson } from '../../lib/api-client';
import { readLink } from '../../lib/link-read';

// The shop's reads and writes (issue 21): the passes on sale, the payment methods the gym takes
// online, an order by its token, and what the order page sends. A missing route (an older
// server) is an empty shop, never a broken page.

export type { OrderDto, PassDto };

/** What the gym takes online: PromptPay needs its ID in Paramètres, cards need Stripe's key. */
interface PaymentMethods {
  promptpay: boolean;
  card: boolean;
}

/** When the server does not say: PromptPay on, cards off (a card order would be refused anyway). */
const FALLBACK_METHODS: PaymentMethods = { promptpay: true, card: false };

/** GET /api/passes: the visible passes; a 404 (no shop on this server) is no passes. */
export const passesQuery = (get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['passes'],
    queryFn: async () => {
      try {
        const list = await get<PassDto[]>('/api/passes');
        return Array.isArray(list) ? list : [];
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
  });

/** GET /api/payments/methods, or FALLBACK_METHODS when the server cannot say. */
export const paymentMethodsQuery = (get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['payment-methods'],
    queryFn: async (): Promise<PaymentMethods> => {
      try {
        const m = await get<Partial<PaymentMethods> | undefined>('/api/payments/methods');
        return { promptpay: m?.promptpay !== false, card: m?.card === true };
      } catch {
        return FALLBACK_METHODS;
      }
    },
  });

const orderUrl = (token: string) => `/api/orders/by-token/${encodeURIComponent(token)}`;

/** The order's receipt (once paid in full) and attendance statement: PDFs behind the order's token. */
export const receiptUrl = (token: string) => `${orderUrl(token)}/receipt.pdf`;
export const attendanceUrl = (token: string) => `${orderUrl(token)}/attendance.pdf`;

/** The QR image of an order's PromptPay payload (an <img>: the server draws it). */
export const promptpayImageUrl = (token: string) => `${orderUrl(token)}/promptpay.svg`;

/** An order behind its token; a wrong token is data (null): the not-found state. */
export const orderQuery = (token: string, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['order', token],
    // A token never given is null; one of an erased buyer's order is ERASED_LINK (decision 184).
    queryFn: () => readLink(() => get<OrderDto>(orderUrl(token))),
  });

/** POST /api/orders/by-token/{token}/slip: the transfer slip, an image of 10 MB at most. */
export const SLIP_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart field of the slip: the server reads it with the gallery's upload reader, whose field is 'image'. */
const SLIP_FIELD = 'image';
export function uploadSlip(token: string, file: File, onProgress: (percent: number) => void): Promise<OrderDto> {
  const form = new FormData();
  form.append(SLIP_FIELD, file);
  return uploadWithProgress<OrderDto>(`${orderUrl(token)}/slip`, form, onProgress);
}

/** POST /api/orders/by-token/{token}/checkout: a fresh card checkout for what is due now (its checkoutUrl). */
export const openCheckout = (token: string) => apiPost<OrderDto>(`${orderUrl(token)}/checkout`, {});

/** POST /api/reservations' answer when a pass paid for the seat. */
export interface PassBookingAnswer {
  id: number;
  passId?: string;
  creditsLeft?: number | null;
}

export const postOrder = (payload: unknown, key: string) => apiPost<OrderDto>('/api/orders', payload, { headers: { 'Idempotency-Key': key } });

/** A random key per attempt (Idempotency-Key); crypto.randomUUID needs a secure context. */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Buyer's name and e-mail, kept in this tab after a purchase so booking with the pass asks nothing twice. */
const BUYER_KEY = 'pass-buyer';
interface Buyer {
  name: string;
  email: string;
}
export function rememberBuyer(b: Buyer): void {
  try {
    sessionStorage.setItem(BUYER_KEY, JSON.stringify(b));
  } catch {
    // Storage off (private mode): the booking form asks again.
  }
}
export function recalledBuyer(): Buyer {
  try {
    const v = JSON.parse(sessionStorage.getItem(BUYER_KEY) ?? 'null') as Partial<Buyer> | null;
    return { name: typeof v?.name === 'string' ? v.name : '', email: typeof v?.email === 'string' ? v.email : '' };
  } catch {
    return { name: '', email: '' };
  }
}
