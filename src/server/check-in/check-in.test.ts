import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { todayInZone } from '../../shared/gym-time';
import { findOrCreateCustomer } from '../customers/customers.repository';
import { insertReservation } from '../reservations/reservations.repository';
import { checkInCodeOf, customerOfCode, revokeCheckInCodes } from './check-in-code';

// The door's QR code (issue 47 point 5) on both databases: a code names one person and cannot
// be made up, today's booking is marked present once however many scans arrive together, a
// renewal or an erase ends the old code, and only staff scan.

describe.each(backends)('check-in by door code on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let today: string;

  const person = async (email: string) => (await findOrCreateCustomer(t.app.ctx.db, { name: 'Door Person', email, phone: null, language: 'en' }))!.id;
  const bookToday = async (customerId: number, email: string, hoursFromNow: number) =>
    insertReservation(t.app.ctx.db, {
      name: 'Door Person',
      email,
      phone: null,
      course: 'Muay Thai',
      date_time: new Date(Date.now() + hoursFromNow * 3_600_000).toISOString(),
      message: null,
      status: 'read',
      created_at: new Date().toISOString(),
      weekly_session_id: 1,
      session_date: today,
      customer_id: customerId,
    });
  const scan = (code: string, token: string | null = staff) =>
    t.inject({ method: 'POST', url: '/api/desk/check-in', token: token ?? undefined, payload: { code } });

  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
    today = todayInZone(t.config.timezone);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the person without their e-mail, and no other code is accepted', async () => {
    const a = await person('door-a@example.com');
    const b = await person('door-b@example.com');
    const code = await checkInCodeOf(t.app.ctx.db, a);
    expect(code).toMatch(/^[0-9a-z]+-[a-z0-9]{10}$/);
    expect(code).not.toContain('door-a');
    expect(await customerOfCode(t.app.ctx.db, code)).toBe(a);
    expect(await customerOfCode(t.app.ctx.db, ` ${code.toUpperCase()} `)).toBe(a);
    // B's id with A's signature, and a changed character: refused.
    const forged = `${b.toString(36)}-${code.split('-')[1]}`;
    expect(await customerOfCode(t.app.ctx.db, forged)).toBeUndefined();
    const changed = code.slice(0, -1) + (code.endsWith('a') ? 'b' : 'a');
    expect(await customerOfCode(t.app.ctx.db, changed)).toBeUndefined();
    expect((await scan(forged)).statusCode).toBe(404);
    expect((await scan('nonsense')).statusCode).toBe(404);
  });

  it("marks today's booking present once when the code is scanned twice at the same moment", async () => {
    const id = await person('door-twice@example.com');
    const booking = await bookToday(id, 'door-twice@example.com', 0.5);
    const code = await checkInCodeOf(t.app.ctx.db, id);
    const answers = await Promise.all([scan(code), scan(code), scan(code)]);
    for (const a of answers) expect(a.statusCode).toBe(200);
    const bodies = answers.map((a) => a.json<{ booking: { id: number; marked: boolean }; waiver: string; person: { name: string } }>());
    expect(bodies.every((x) => x.booking.id === booking.id && x.person.name === 'Door Person')).toBe(true);
    expect(bodies.filter((x) => x.booking.marked)).toHaveLength(1);
    const row = await t.app.ctx.db.selectFrom('reservations').select('attendance').where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(row.attendance).toBe('present');
    // No waiver published on this gym: nothing is asked.
    expect(bodies[0].waiver).toBe('none');
  });

  it('answers the person with no booking when none is today, and refuses signed-out callers', async () => {
    const id = await person('door-none@example.com');
    const code = await checkInCodeOf(t.app.ctx.db, id);
    expect((await scan(code, null)).statusCode).toBe(401);
    const res = await scan(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ person: { customerId: id }, booking: null });
  });

  it('stops an old code after a renewal and after the erase', async () => {
    const id = await person('door-renew@example.com');
    const old = await checkInCodeOf(t.app.ctx.db, id);
    await revokeCheckInCodes(t.app.ctx.db, [id], new Date().toISOString());
    const renewed = await checkInCodeOf(t.app.ctx.db, id);
    expect(renewed).not.toBe(old);
    expect((await scan(old)).statusCode).toBe(404);
    expect((await scan(renewed)).statusCode).toBe(200);
    const erase = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: staff, payload: { email: 'door-renew@example.com' } });
    expect(erase.statusCode).toBe(200);
    expect((await scan(renewed)).statusCode).toBe(404);
  });
});
