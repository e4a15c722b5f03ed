import { expect } from 'vitest';
import { nowIso } from '../../src/server/db/database';
import { hashToken, newToken } from '../../src/server/auth/tokens';
import { renderedRow } from '../../src/server/mail/delivery/outbox-parts';
import { nextSession } from './sessions';
import type { TestApp } from './test-app';

// What the suites of My page's records and actions share (src/server/me/me-page.test.ts,
// me-actions.test.ts): bookings made through the public route, a waiting-list place, the tokens
// mailed, and My page's calls with the session cookie.

const MANAGE_RE = /\/booking\/manage\/([A-Za-z0-9_-]{43})/g;

/** Every manage token mailed to an address, oldest first. */
export const manageTokensTo = async (t: TestApp, email: string) =>
  (await t.app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('id').execute()).flatMap((r) =>
    [...renderedRow(t.config, r).text_body.matchAll(MANAGE_RE)].map((x) => x[1]),
  );

/** An occurrence of a seeded class: its public session id. */
export async function occurrence(t: TestApp, course: string, daysAhead: number) {
  const s = nextSession(course, { daysAhead });
  const list = (await t.inject({ method: 'GET', url: `/api/sessions?from=${s.date}&days=1` })).json().sessions as {
    id: string;
    course: string;
    time: string;
  }[];
  const found = list.find((x) => x.course === course && x.time === s.time)!;
  return { ...s, id: found.id, weeklySessionId: Number(found.id.split(':')[0]) };
}

/** Books a class as `email` through the public form; answers the booking's id and its manage token. */
export async function bookAs(t: TestApp, email: string, name: string, course: string, daysAhead: number) {
  const s = await occurrence(t, course, daysAhead);
  const res = await t.inject({
    method: 'POST',
    url: '/api/reservations',
    payload: { name, email, phone: null, course, dateTime: s.startsAt, message: null, language: 'en' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, token: (await manageTokensTo(t, email)).at(-1)!, session: s };
}

/** A place in the line of an occurrence, written as the join writes it; answers its id and token. */
export async function waitingPlace(t: TestApp, email: string, course = 'Wrestling', daysAhead = 3) {
  const s = await occurrence(t, course, daysAhead);
  const token = newToken();
  const row = await t.app.ctx.db
    .insertInto('waitlist_entries')
    .values({
      weekly_session_id: s.weeklySessionId,
      session_date: s.date,
      course,
      date_time: s.startsAt,
      name: 'In Line',
      email,
      phone: null,
      pass_token: null,
      token_hash: hashToken(token),
      offer_token_hash: null,
      offered_at: null,
      offer_expires_at: null,
      reservation_id: null,
      booked_at: null,
      left_at: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** My page's call with the session cookie. */
export const meCall = (t: TestApp, cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }) });
