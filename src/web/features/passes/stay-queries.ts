import { queryOptions } from '@tanstack/react-query';
import type { OrderQuoteDto } from '../../../shared/api-types/stay-orders';
import type { AvailabilityDto } from '../../../shared/api-types/stays';
import type { Language } from '../../../shared/i18n/languages';
import { apiGet, apiPost, type GetJson } from '../../lib/api-client';

// "Train & stay" on the booking journey (issue 36 §6): the rooms free for the dates, what the
// stay includes (Paramètres, group `stays`, read defensively: absent on an older server), and
// what the visitor typed between the steps, kept in this tab only (never in the address).

export type StayRoom = AvailabilityDto['roomTypes'][number];

/** GET /api/stays/availability: the room types holding the guests, each with its rooms left and the stay's price. */
export const availabilityQuery = (checkIn: string, checkOut: string, guests: number, language: Language, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['stay-availability', checkIn, checkOut, guests, language],
    queryFn: () => get<AvailabilityDto>(`/api/stays/availability?${new URLSearchParams({ checkIn, checkOut, guests: String(guests), language }).toString()}`),
  });

export interface Airport {
  code: string;
  label: string;
  priceSatang: number | null;
}

export interface StayTerms {
  included: string[];
  notIncluded: string[];
  airports: Airport[];
  /** The cancellation terms' text, shown before paying. */
  cancellation: string[];
}

const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** A text as Paramètres may hold it: a string, a list, or either per language. One item per line. */
function lines(v: unknown, language: Language): string[] {
  const own = obj(v);
  // A translation left blank shows the English, as Paramètres promises.
  const mine = own?.[language];
  const value = own ? (typeof mine === 'string' && mine.trim() !== '' ? mine : own.en) : v;
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split('\n') : [];
  return list
    .filter((x): x is string => typeof x === 'string')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** The settings group `stays` (another piece of issue 36): nothing shown when it is absent or unreadable. */
export function stayTerms(site: unknown, language: Language): StayTerms {
  const stays = obj(obj(site)?.stays);
  if (!stays) return { included: [], notIncluded: [], airports: [], cancellation: [] };
  const airports = (Array.isArray(stays.airports) ? stays.airports : []).flatMap((a): Airport[] => {
    const o = obj(a);
    const code = typeof o?.code === 'string' ? o.code : typeof a === 'string' ? a : null;
    if (!code) return [];
    const name = o ? lines(o.name ?? o.label, language)[0] : undefined;
    const price = o?.priceSatang ?? o?.pickupPriceSatang;
    return [{ code, label: name ? `${name} (${code})` : code, priceSatang: typeof price === 'number' && Number.isSafeInteger(price) ? price : null }];
  });
  return {
    included: lines(stays.included, language),
    notIncluded: lines(stays.notIncluded, language),
    airports,
    cancellation: lines(obj(stays.terms)?.text, language),
  };
}

/** Who is coming and the pickup, between the "who" and "pay" steps. */
export interface StayDraft {
  name: string;
  email: string;
  phone: string;
  airport: string;
  flightNumber: string;
  /** YYYY-MM-DDTHH:MM, gym time. */
  arrivesAt: string;
  /** A pass bought with the stay, from its check-in day ('' for none). */
  passId: string;
}

const DRAFT_KEY = 'stay-draft';
export const EMPTY_DRAFT: StayDraft = { name: '', email: '', phone: '', airport: '', flightNumber: '', arrivesAt: '', passId: '' };

export function saveDraft(d: StayDraft): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(d));
  } catch {
    // Storage off (private mode): the pay step asks for the buyer again.
  }
}

export function readDraft(): StayDraft {
  try {
    const v = obj(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null'));
    if (!v) return EMPTY_DRAFT;
    const s = (k: keyof StayDraft) => (typeof v[k] === 'string' ? v[k] : '');
    return {
      name: s('name'),
      email: s('email'),
      phone: s('phone'),
      airport: s('airport'),
      flightNumber: s('flightNumber'),
      arrivesAt: s('arrivesAt'),
      passId: s('passId'),
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

type StayAsked = { roomTypeId: number; checkIn: string; checkOut: string; guests: number };

/** The order's lines for a stay: the room, a pass from the check-in day, the pickup when asked (POST /api/orders/quote). */
export function stayLines(stay: StayAsked, d: StayDraft, language: Language) {
  return {
    ...(d.passId ? { passId: d.passId, startDate: stay.checkIn } : {}),
    stay,
    ...(d.airport ? { pickup: { airport: d.airport, flightNumber: d.flightNumber.trim().toUpperCase(), arrivesAt: d.arrivesAt } } : {}),
    language,
  };
}

/** What POST /api/orders receives for a stay (the stay-orders shape): the lines, the buyer and how they pay. */
export function stayPayload(stay: StayAsked, d: StayDraft, method: string, language: Language) {
  return {
    ...stayLines(stay, d, language),
    name: d.name.trim(),
    email: d.email.trim(),
    phone: d.phone.trim() === '' ? null : d.phone.trim(),
    method,
  };
}

/** POST /api/orders/quote: the total, what is due now and the balance, as the order will price them (a read: nothing is taken). */
export const quoteQuery = (lines: ReturnType<typeof stayLines>, post: typeof apiPost = apiPost) =>
  queryOptions({
    queryKey: ['order-quote', JSON.stringify(lines)],
    queryFn: () => post<OrderQuoteDto>('/api/orders/quote', lines),
  });
