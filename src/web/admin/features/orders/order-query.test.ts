import { describe, expect, it } from 'vitest';
import { orderQuery } from './order-query';

const from = (params: Record<string, string>) => (name: string) => params[name] ?? '';

describe('orderQuery (the address to GET /api/orders)', () => {
  it('asks for the first page of everything by default', () => {
    expect(orderQuery(from({}), 1)).toEqual({ apiQuery: 'page=1', filtered: false });
  });

  it("names the API's parameters from the address's French ones", () => {
    const q = orderQuery(from({ q: ' jane ', statut: 'deposit-paid', moyen: 'promptpay', du: '2026-03-01', au: '2026-03-31', attention: 'oui' }), 3);
    expect(q.filtered).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(q.apiQuery))).toEqual({
      q: 'jane',
      status: 'deposit-paid',
      method: 'promptpay',
      from: '2026-03-01',
      to: '2026-03-31',
      attention: 'true',
      page: '3',
    });
  });

  it('drops what does not read instead of sending it', () => {
    expect(orderQuery(from({ statut: 'lost', moyen: 'bitcoin', du: '2026-02-30' }), 0)).toEqual({ apiQuery: 'page=1', filtered: false });
  });
});
