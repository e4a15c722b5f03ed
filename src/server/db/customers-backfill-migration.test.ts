import { describe, expect, it } from 'vitest';
import { bareDatabase } from '../../../tests/helpers/bare-database';
import { backends, type Backend } from '../../../tests/helpers/test-app';
import type { Language } from '../../shared/i18n/languages';

// Migration 023: bookings and conversations stored before customers existed get one customer per
// person (e-mail whatever its case, else phone whatever its format), and nothing breaks on an
// empty database.
describe.each(backends)('migration 023 on stored bookings and conversations (%s)', (backend: Backend) => {
  // A fresh database for each test, migrated only as far as the test says.
  const bare = bareDatabase(backend, 'test');

  const booking = (name: string, email: string | null, phone: string | null, createdAt: string, language: Language = 'en') =>
    bare.handle.db
      .insertInto('reservations')
      .values({
        name,
        email,
        phone,
        course: 'Muay Thai',
        date_time: '2026-01-10T03:00:00.000Z',
        message: null,
        status: 'read',
        created_at: createdAt,
        language,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const conversation = (name: string, email: string, createdAt: string) =>
    bare.handle.db
      .insertInto('conversations')
      .values({
        user_name: name,
        user_email: email,
        subject: 'Hello',
        status: 'new',
        contact_submission_id: null,
        created_at: createdAt,
        last_message_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('links every booking and conversation to one customer per e-mail, else per phone', async () => {
    await bare.migrate({ upTo: '022-pass-catalogue' });
    const db = bare.handle.db;
    const ivan1 = await booking('Ivan', ' Ivan@Example.com', null, '2025-01-01T10:00:00.000Z', 'ru');
    const ivan2 = await booking('Иван Петров', 'ivan@example.com', '+7 912 345 67 89', '2025-02-01T10:00:00.000Z', 'ru');
    const ivanChat = await conversation('Ivan P.', 'IVAN@example.com', '2025-01-15T10:00:00.000Z');
    const som1 = await booking('Somchai', null, '+66 81 234 5678', '2025-01-02T10:00:00.000Z', 'th');
    const som2 = await booking('Somchai J.', '', '+66 81-234-5678', '2025-01-03T10:00:00.000Z', 'th');
    const nobody = await booking('Walk-in', null, '12', '2025-01-04T10:00:00.000Z');
    // Made by the application after 021 (a first order, say): reused, not duplicated.
    const known = await db
      .insertInto('customers')
      .values({
        name: 'Ana',
        email: 'ana@example.com',
        email_key: 'ana@example.com',
        phone: null,
        phone_key: null,
        language: 'de',
        merged_into_id: null,
        bouncing_at: null,
        created_at: '2025-03-01T10:00:00.000Z',
        updated_at: '2025-03-01T10:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ana = await booking('Ana', 'ANA@example.com', null, '2025-01-05T10:00:00.000Z');
    const anaChat = await conversation('Ana', 'ana@example.com', '2025-01-06T10:00:00.000Z');

    await bare.migrate();

    const customers = await db.selectFrom('customers').selectAll().orderBy('id').execute();
    expect(customers).toHaveLength(3);
    const byEmail = (key: string) => customers.find((c) => c.email_key === key)!;
    const ivan = byEmail('ivan@example.com');
    // The latest booking's name, phone and language; the first row's date.
    expect(ivan).toMatchObject({
      name: 'Иван Петров',
      phone: '+7 912 345 67 89',
      phone_key: '+79123456789',
      language: 'ru',
      created_at: '2025-01-01T10:00:00.000Z',
    });
    const somchai = customers.find((c) => c.phone_key === '+66812345678')!;
    expect(somchai).toMatchObject({ name: 'Somchai J.', email: null, email_key: null, language: 'th' });
    expect(byEmail('ana@example.com').id).toBe(known.id);

    const linked = async (table: 'reservations' | 'conversations', id: number) =>
      (await db.selectFrom(table).select('customer_id').where('id', '=', id).executeTakeFirstOrThrow()).customer_id;
    expect(await linked('reservations', ivan1.id)).toBe(ivan.id);
    expect(await linked('reservations', ivan2.id)).toBe(ivan.id);
    expect(await linked('conversations', ivanChat.id)).toBe(ivan.id);
    expect(await linked('reservations', som1.id)).toBe(somchai.id);
    expect(await linked('reservations', som2.id)).toBe(somchai.id);
    expect(await linked('reservations', nobody.id)).toBeNull();
    expect(await linked('reservations', ana.id)).toBe(known.id);
    expect(await linked('conversations', anaChat.id)).toBe(known.id);
  });

  it('runs on an empty database and creates nobody', async () => {
    await bare.migrate();
    const n = await bare.handle.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });
});
