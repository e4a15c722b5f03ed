import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../helpers/cluster';
import { bookingFor, customer } from '../../helpers/factories';
import { waitUntil } from '../../helpers/smtp-peer';
import { adminToken, call, comingSessions, inParallel, loggedRequests, setCapacity, type Answer } from './cluster-api';

// Bookings through Caddy spread over two instances of the production build on one PostgreSQL:
// seats and confirmations hold across them, and a SIGKILL loses no acknowledged booking.

const BOOKINGS = 1000;
const SESSIONS = 4;
const SEATS = 150;

describe('bookings through Caddy on two instances', () => {
  let cluster: Cluster;
  let token: string;
  beforeAll(async () => {
    cluster = await startCluster();
    token = await adminToken(cluster.url);
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
  });

  const book = (payload: object) => call<{ id: number; code?: string }>(cluster.url, 'POST', '/api/reservations', { body: payload });
  const emailsOf = (ids: number[]) => cluster.db.query<{ id: number }>('select id from reservations where id = any($1::int[])', [ids]);

  it(`${BOOKINGS} concurrent bookings of ${SESSIONS} sessions of ${SEATS} seats: never overbooked, one confirmation per booking`, async () => {
    const sessions = (await comingSessions(cluster.url, 'Wrestling')).slice(0, SESSIONS);
    expect(sessions).toHaveLength(SESSIONS);
    for (const id of new Set(sessions.map((s) => s.weeklySessionId))) await setCapacity(cluster.url, token, id, SEATS);

    const people = Array.from({ length: BOOKINGS }, () => customer());
    const answers: Answer<{ id: number; code?: string }>[] = await inParallel(BOOKINGS, 32, (i) => {
      const s = sessions[i % SESSIONS];
      return book(bookingFor(people[i], { course: s.course, dateTime: s.startsAt }));
    });

    const accepted = answers.flatMap((a, i) => (a.status === 201 ? [i] : []));
    const refused = answers.flatMap((a, i) => (a.status === 409 ? [i] : []));
    expect(accepted.length + refused.length, `other answers: ${JSON.stringify(answers.filter((a) => a.status !== 201 && a.status !== 409).slice(0, 3))}`).toBe(
      BOOKINGS,
    );
    // Each session is asked more than its seats: every seat taken, none twice.
    expect(accepted).toHaveLength(SESSIONS * SEATS);
    for (const i of refused) expect(answers[i].body.code).toBe('slot_full');

    const perSession = await cluster.db.query<{ session_date: string; weekly_session_id: number; n: number }>(
      `select weekly_session_id, session_date, count(*)::int as n from reservations
       where cancelled_at is null and status != 'cancelled' group by weekly_session_id, session_date`,
    );
    expect(perSession.rows).toHaveLength(SESSIONS);
    for (const r of perSession.rows) expect(r.n).toBe(SEATS);
    // Refused ones left nothing behind; accepted ones are all stored.
    const refusedEmails = refused.map((i) => people[i].email.toLowerCase());
    const leftovers = await cluster.db.query('select id from reservations where lower(email) = any($1::text[])', [refusedEmails]);
    expect(leftovers.rows).toEqual([]);
    expect((await emailsOf(accepted.map((i) => answers[i].body.id))).rows).toHaveLength(accepted.length);

    // Caddy spread them: each instance took a real share.
    for (const inst of cluster.instances) {
      expect(loggedRequests(inst.output(), 'POST', '/api/reservations'), inst.name).toBeGreaterThan(BOOKINGS / 10);
    }

    // One confirmation per accepted booking, none for refused ones; a while longer to see that no second one follows.
    const acceptedEmails = new Set(accepted.map((i) => people[i].email.toLowerCase()));
    const everyone = new Set(people.map((p) => p.email.toLowerCase()));
    const toCustomers = () => cluster.smtp.messages.filter((m) => m.to.some((t) => everyone.has(t.toLowerCase())));
    await waitUntil(() => toCustomers().length >= accepted.length, 120_000, `${accepted.length} confirmations`);
    await new Promise((r) => setTimeout(r, 3000));
    const perRecipient = new Map<string, number>();
    for (const m of toCustomers())
      for (const t of m.to.filter((x) => everyone.has(x.toLowerCase()))) perRecipient.set(t.toLowerCase(), (perRecipient.get(t.toLowerCase()) ?? 0) + 1);
    expect(perRecipient.size).toBe(accepted.length);
    for (const [to, n] of perRecipient) {
      expect(acceptedEmails.has(to), to).toBe(true);
      expect(n, to).toBe(1);
    }
  }, 240_000);

  it('an instance killed (SIGKILL) in the middle of a booking load loses no acknowledged booking; Caddy sends the rest to the survivor', async () => {
    const sessions = (await comingSessions(cluster.url, 'Brazilian Jiu Jitsu')).slice(0, 2);
    for (const id of new Set(sessions.map((s) => s.weeklySessionId))) await setCapacity(cluster.url, token, id, 1000);
    const [victim, survivor] = cluster.instances;

    const LOAD = 300;
    let answered = 0;
    let killedAt = -1;
    const sentAfterKill = new Set<number>();
    let killing: Promise<void> | undefined;
    const answers = await inParallel(LOAD, 16, async (i) => {
      if (killedAt >= 0) sentAfterKill.add(i);
      const s = sessions[i % sessions.length];
      const a = await book(bookingFor(customer(), { course: s.course, dateTime: s.startsAt })).catch((err: Error) => ({
        status: 0,
        body: { id: 0, code: err.message },
        headers: new Headers(),
      }));
      answered += 1;
      if (answered === 80 && !killing) {
        killing = victim.kill().then(() => {
          killedAt = answered;
        });
      }
      return a;
    });
    await killing;
    expect(victim.running()).toBe(false);
    expect(killedAt).toBeGreaterThan(0);

    // Every acknowledged booking is stored.
    const acked = answers.filter((a) => a.status === 201).map((a) => a.body.id);
    expect(acked.length).toBeGreaterThan(LOAD / 2);
    expect((await emailsOf(acked)).rows).toHaveLength(acked.length);
    // What was sent once the victim was gone went to the survivor and succeeded.
    expect(sentAfterKill.size).toBeGreaterThan(0);
    for (const i of sentAfterKill) expect(answers[i].status, `booking ${i} sent after the kill`).toBe(201);
    // Answers other than 201 are those in flight on the victim (Caddy's 502), never a refusal.
    for (const a of answers) expect([201, 502]).toContain(a.status);

    const after = await inParallel(40, 8, (i) => book(bookingFor(customer(), { course: sessions[i % 2].course, dateTime: sessions[i % 2].startsAt })));
    expect(after.map((a) => a.status)).toEqual(after.map(() => 201));
    expect(loggedRequests(survivor.output(), 'POST', '/api/reservations')).toBeGreaterThan(0);

    // Restarted, the instance serves again.
    await victim.start();
    const again = await call(victim.url, 'POST', '/api/reservations', {
      body: bookingFor(customer(), { course: sessions[0].course, dateTime: sessions[0].startsAt }),
    });
    expect(again.status).toBe(201);
  }, 120_000);
});
