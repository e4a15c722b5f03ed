import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { emailKey, phoneKey } from './customer-keys';
import { findCustomer, findOrCreateCustomer, resolveCustomer } from './customers.repository';

describe('customer keys', () => {
  it('normalises e-mails and phones', () => {
    expect(emailKey('  Ana@Example.COM ')).toBe('ana@example.com');
    expect(emailKey('  ')).toBeNull();
    expect(phoneKey('+66 81-234 5678')).toBe('+66812345678');
    expect(phoneKey('12')).toBeNull();
  });
});

describe.each(backends)('customers on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('finds one person by e-mail whatever its case, and keeps the latest name and phone', async () => {
    const db = t.app.ctx.db;
    const a = await findOrCreateCustomer(db, { name: 'Élodie', email: 'Elodie@Example.com', phone: null, language: 'fr' });
    const b = await findOrCreateCustomer(db, { name: 'Élodie Martin', email: 'elodie@example.com', phone: '+33 6 12 34 56 78', language: 'fr' });
    expect(b?.id).toBe(a?.id);
    expect((await findCustomer(db, { email: 'ELODIE@example.com', phone: null }))?.name).toBe('Élodie Martin');
  });

  it('finds a person without an e-mail by phone, and nobody without either', async () => {
    const db = t.app.ctx.db;
    const a = await findOrCreateCustomer(db, { name: 'Somchai', email: null, phone: '+66 81 234 5678', language: 'th' });
    const b = await findOrCreateCustomer(db, { name: 'Somchai', email: null, phone: '+66812345678', language: 'th' });
    expect(b?.id).toBe(a?.id);
    expect(await findOrCreateCustomer(db, { name: 'Nobody', email: null, phone: null, language: 'en' })).toBeNull();
  });

  it('creates one record when the same new person arrives twenty times at once', async () => {
    const db = t.app.ctx.db;
    const rows = await Promise.all(
      Array.from({ length: 20 }, () => findOrCreateCustomer(db, { name: 'Ivan', email: 'ivan@example.com', phone: null, language: 'ru' })),
    );
    expect(new Set(rows.map((r) => r?.id)).size).toBe(1);
    const count = await db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email_key', '=', 'ivan@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('follows a merged record to the one it was merged into', async () => {
    const db = t.app.ctx.db;
    const keep = await findOrCreateCustomer(db, { name: 'Kept', email: 'kept@example.com', phone: null, language: 'en' });
    const gone = await findOrCreateCustomer(db, { name: 'Gone', email: 'gone@example.com', phone: null, language: 'en' });
    await db.updateTable('customers').set({ merged_into_id: keep!.id, email_key: null }).where('id', '=', gone!.id).execute();
    expect((await resolveCustomer(db, gone!.id))?.id).toBe(keep!.id);
  });

  it("knows a merged record's address as the kept record's: a later booking from it makes no new customer", async () => {
    const db = t.app.ctx.db;
    const keep = await findOrCreateCustomer(db, { name: 'Ana', email: 'ana.work@example.com', phone: null, language: 'en' });
    const gone = await findOrCreateCustomer(db, { name: 'Ana', email: 'Ana.Home@Example.com', phone: null, language: 'en' });
    await db.updateTable('customers').set({ merged_into_id: keep!.id, email_key: null }).where('id', '=', gone!.id).execute();
    expect((await findCustomer(db, { email: ' ana.home@example.com', phone: null }))?.id).toBe(keep!.id);
    const again = await findOrCreateCustomer(db, { name: 'Ana B.', email: 'ana.home@example.com', phone: null, language: 'en' });
    expect(again?.id).toBe(keep!.id);
    const n = await db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merged_into_id', 'is', null)
      .where((eb) => eb.or([eb('email_key', '=', 'ana.home@example.com'), eb('email_key', '=', 'ana.work@example.com')]))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });
});
