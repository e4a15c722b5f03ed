import { describe, expect, it } from 'vitest';
import { paymentFormSchema, refundFormSchema, saleFormSchema } from './sale-schema';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : { path: r.error!.issues[0].path.join('.'), message: r.error!.issues[0].message };

describe('paymentFormSchema (Enregistrer un paiement)', () => {
  const owed = 150_000;
  it('turns the typed baht into satang for the API, with the method and an optional note', () => {
    expect(paymentFormSchema(owed).parse({ amount: '1 000', method: 'cash', note: '' })).toEqual({ amountSatang: 100_000, method: 'cash', note: null });
    expect(paymentFormSchema(owed).parse({ amount: '1500', method: 'transfer', note: ' slip 12 ' })).toEqual({
      amountSatang: 150_000,
      method: 'transfer',
      note: 'slip 12',
    });
    expect(paymentFormSchema(150_050).parse({ amount: '1500.50', method: 'terminal', note: '' }).amountSatang).toBe(150_050);
  });

  it('refuses a text that is no amount, zero, and more than what is owed, in French', () => {
    expect(firstMessage(paymentFormSchema(owed).safeParse({ amount: '15OO', method: 'cash', note: '' }))).toEqual({
      path: 'amount',
      message: 'Montant invalide : écrivez par exemple 1500, 1 500 ou 1500.50',
    });
    expect(firstMessage(paymentFormSchema(owed).safeParse({ amount: '0', method: 'cash', note: '' }))?.message).toBe('Le montant doit être supérieur à zéro');
    const over = firstMessage(paymentFormSchema(owed).safeParse({ amount: '1500.01', method: 'cash', note: '' }));
    expect(over?.path).toBe('amount');
    expect(over?.message).toMatch(/^Le montant dépasse ce qui reste dû \(1\s500\s฿\)$/u);
  });

  it('never records a card payment by hand (card money comes from the card provider)', () => {
    expect(paymentFormSchema(owed).safeParse({ amount: '100', method: 'card', note: '' }).success).toBe(false);
  });
});

describe('refundFormSchema (Rembourser)', () => {
  it('refunds at most what was paid', () => {
    expect(refundFormSchema(50_000).parse({ amount: '500', note: 'blessure' })).toEqual({ amountSatang: 50_000, note: 'blessure' });
    expect(firstMessage(refundFormSchema(50_000).safeParse({ amount: '500,50', note: '' }))?.message).toMatch(/^Le montant dépasse ce qui a été payé/);
  });
});

describe('saleFormSchema (Vendre une formule)', () => {
  const today = '2026-03-02';
  const prices: Record<string, number> = { 'week-single.muay-thai': 250_000 };
  const schema = saleFormSchema(today, (id) => prices[id]);
  const base = {
    passId: 'week-single.muay-thai',
    startDate: today,
    name: ' Jane Doe ',
    email: ' Jane@Example.com ',
    phone: '',
    language: 'en' as const,
    payNow: false,
    amount: '',
    method: 'cash' as const,
  };

  it('builds the desk order without a payment, the e-mail normalised and the empty phone left out', () => {
    expect(schema.parse(base)).toEqual({ passId: 'week-single.muay-thai', startDate: today, name: 'Jane Doe', email: 'jane@example.com', language: 'en' });
  });

  it('adds the payment in satang when paid now', () => {
    expect(schema.parse({ ...base, email: '', phone: '+66 81 234 5678', payNow: true, amount: '2 500', method: 'terminal' })).toEqual({
      passId: 'week-single.muay-thai',
      startDate: today,
      name: 'Jane Doe',
      phone: '+66 81 234 5678',
      language: 'en',
      payment: { amountSatang: 250_000, method: 'terminal' },
    });
  });

  it('ignores the amount field when nothing is paid now', () => {
    expect(schema.safeParse({ ...base, amount: 'n’importe quoi' }).success).toBe(true);
  });

  it.each([
    [{ passId: '' }, 'passId', 'Choisissez une formule'],
    [{ startDate: '2026-03-01' }, 'startDate', "La formule ne peut pas commencer avant aujourd'hui"],
    [{ name: '  ' }, 'name', 'Le nom est obligatoire'],
    [{ email: '', phone: '' }, 'email', 'Indiquez un e-mail ou un téléphone'],
    [{ email: 'jane@' }, 'email', "L'e-mail n'est pas valide"],
    [{ payNow: true, amount: '2500.001' }, 'amount', 'Montant invalide : écrivez par exemple 1500, 1 500 ou 1500.50'],
    [{ payNow: true, amount: '0' }, 'amount', 'Le montant doit être supérieur à zéro'],
  ] as const)('refuses %j on %s', (patch, path, message) => {
    const r = schema.safeParse({ ...base, ...patch });
    expect(firstMessage(r)).toEqual({ path, message });
  });

  it("refuses a payment above the pass's price", () => {
    const r = firstMessage(schema.safeParse({ ...base, payNow: true, amount: '2600' }));
    expect(r?.path).toBe('amount');
    expect(r?.message).toMatch(/^Le montant dépasse le prix de la formule \(2\s500\s฿\)$/u);
  });
});
