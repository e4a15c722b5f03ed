import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicTrainerListDto, TrainerDto } from '../../src/shared/api-types/trainers';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 37 point 1: trainers are written by admins, read by anyone (the bio in the language asked),
// and a trainer's own account sees only their own trainer. On both databases.

const SOMCHAI = {
  name: 'Kru Somchai',
  photoUrl: '/uploads/gallery/0123456789abcdef0123456789abcdef-800.webp',
  disciplines: ['Muay Thai'],
  languages: ['Thai', 'English'],
  bio: { en: '200 stadium fights.', fr: '200 combats en stade.' },
  share: { mode: 'percent', value: 50 },
};

describe.each(backends)('trainers on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let somchai: TrainerDto;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    const res = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: SOMCHAI });
    expect(res.statusCode, res.body).toBe(201);
    somchai = res.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a trainer with a calendar feed address; staff cannot, anyone else is asked to sign in', async () => {
    expect(somchai).toMatchObject({ ...SOMCHAI, userId: null, onLeave: false, active: true, version: 1, availability: { windows: [], exceptions: [] } });
    expect(somchai.calendarFeedUrl).toMatch(/\/calendar\/trainer\/[0-9a-f]{48}\.ics$/);
    expect((await t.inject({ method: 'POST', url: '/api/trainers', token: staff, payload: SOMCHAI })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api/trainers', payload: SOMCHAI })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { ...SOMCHAI, share: { mode: 'percent', value: 101 } } })).statusCode,
    ).toBe(400);
  });

  it('shows the active trainers to anyone, the bio in the language asked (English where none)', async () => {
    const hidden = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name: 'Retired', active: false } });
    expect(hidden.statusCode, hidden.body).toBe(201);
    const fr = (await t.inject({ method: 'GET', url: '/api/trainers?language=fr' })).json<PublicTrainerListDto>();
    expect(fr.trainers.map((x) => x.name)).toEqual(['Kru Somchai']);
    expect(fr.trainers[0]).toEqual({
      id: somchai.id,
      name: 'Kru Somchai',
      photoUrl: SOMCHAI.photoUrl,
      disciplines: ['Muay Thai'],
      languages: ['Thai', 'English'],
      bio: '200 combats en stade.',
    });
    const th = (await t.inject({ method: 'GET', url: '/api/trainers?language=th' })).json<PublicTrainerListDto>();
    expect(th.trainers[0].bio).toBe('200 stadium fights.');
    // Nothing the public card does not need (the share, the feed) leaves the server.
    expect(Object.keys(th.trainers[0]).sort()).toEqual(['bio', 'disciplines', 'id', 'languages', 'name', 'photoUrl']);
  });

  it('changes only the fields sent, refuses a stale version, and shows the change to the public at once', async () => {
    const res = await t.inject({ method: 'PATCH', url: `/api/trainers/${somchai.id}`, token: admin, payload: { languages: ['Thai'], version: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TrainerDto>()).toMatchObject({ name: 'Kru Somchai', languages: ['Thai'], version: 2 });
    const stale = await t.inject({ method: 'PATCH', url: `/api/trainers/${somchai.id}`, token: admin, payload: { name: 'X', version: 1 } });
    expect(stale.statusCode).toBe(409);
    const pub = (await t.inject({ method: 'GET', url: '/api/trainers' })).json<PublicTrainerListDto>();
    expect(pub.trainers[0].languages).toEqual(['Thai']);
  });

  it('revokes the calendar feed address or gives a new one', async () => {
    const off = (await t.inject({ method: 'PATCH', url: `/api/trainers/${somchai.id}`, token: admin, payload: { calendarFeed: false } })).json<TrainerDto>();
    expect(off.calendarFeedUrl).toBeNull();
    const on = (await t.inject({ method: 'PATCH', url: `/api/trainers/${somchai.id}`, token: admin, payload: { calendarFeed: true } })).json<TrainerDto>();
    expect(on.calendarFeedUrl).toMatch(/\.ics$/);
    expect(on.calendarFeedUrl).not.toBe(somchai.calendarFeedUrl);
  });

  it('ties a trainer account (role trainer) that reads only its own trainer and no other staff route', async () => {
    const account = await t.signIn('trainer');
    const other = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name: 'Kru Nok', userId: account.id } });
    expect(other.statusCode, other.body).toBe(201);
    const nok = other.json<TrainerDto>();
    // A staff account cannot be tied: only the trainer role.
    const staffUser = await t.signIn('staff');
    const refused = await t.inject({ method: 'PATCH', url: `/api/trainers/${somchai.id}`, token: admin, payload: { userId: staffUser.id } });
    expect(refused.statusCode).toBe(400);
    // The same account cannot be two trainers.
    const twice = await t.inject({ method: 'PATCH', url: `/api/trainers/${somchai.id}`, token: admin, payload: { userId: account.id } });
    expect(twice.statusCode).toBe(409);

    const own = await t.inject({ method: 'GET', url: `/api/trainers/${nok.id}`, token: account.token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<TrainerDto>().calendarFeedUrl).toMatch(/\.ics$/);
    expect((await t.inject({ method: 'GET', url: `/api/trainers/${somchai.id}`, token: account.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/trainers/all', token: account.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/reservations', token: account.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: account.token })).statusCode).toBe(200);
    // Staff read any trainer.
    expect((await t.inject({ method: 'GET', url: `/api/trainers/${somchai.id}`, token: staff })).statusCode).toBe(200);
  });
});
