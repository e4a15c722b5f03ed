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

  describe('availability (point 2)', () => {
    const WEEK = {
      windows: [
        { weekday: 1, from: '08:00', to: '12:00' },
        { weekday: 1, from: '14:00', to: '18:00' },
        { weekday: 7, from: '09:00', to: '11:00' },
      ],
      exceptions: [
        { date: '2030-01-07', off: true },
        { date: '2030-01-08', from: '10:00', to: '12:00', off: false },
        { date: '2030-01-14', from: '08:00', to: '10:00', off: true },
      ],
    };

    it('replaces the weekly windows and the exceptions, and the trainer carries them', async () => {
      const res = await t.inject({ method: 'PUT', url: `/api/trainers/${somchai.id}/availability`, token: admin, payload: WEEK });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        windows: WEEK.windows,
        exceptions: [
          { date: '2030-01-07', from: null, to: null, off: true },
          { date: '2030-01-08', from: '10:00', to: '12:00', off: false },
          { date: '2030-01-14', from: '08:00', to: '10:00', off: true },
        ],
      });
      const again = await t.inject({
        method: 'PUT',
        url: `/api/trainers/${somchai.id}/availability`,
        token: admin,
        payload: { windows: WEEK.windows.slice(0, 1), exceptions: [] },
      });
      expect(again.json()).toEqual({ windows: WEEK.windows.slice(0, 1), exceptions: [] });
      const trainer = (await t.inject({ method: 'GET', url: `/api/trainers/${somchai.id}`, token: admin })).json<TrainerDto>();
      expect(trainer.availability.windows).toEqual(WEEK.windows.slice(0, 1));
    });

    it.each([
      ['a weekday out of 1-7', { windows: [{ weekday: 8, from: '08:00', to: '09:00' }], exceptions: [] }],
      ['an end before the start', { windows: [{ weekday: 1, from: '10:00', to: '09:00' }], exceptions: [] }],
      ['a time that is not HH:MM', { windows: [{ weekday: 1, from: '8h', to: '09:00' }], exceptions: [] }],
      ['extra hours without times', { windows: [], exceptions: [{ date: '2030-01-01', off: false }] }],
      ['a start without an end', { windows: [], exceptions: [{ date: '2030-01-01', from: '08:00', off: true }] }],
      ['a date that does not exist', { windows: [], exceptions: [{ date: '2030-02-30', off: true }] }],
    ])('refuses %s (400)', async (_, payload) => {
      const res = await t.inject({ method: 'PUT', url: `/api/trainers/${somchai.id}/availability`, token: admin, payload });
      expect(res.statusCode, res.body).toBe(400);
    });

    it('is for admins only, about a trainer that exists', async () => {
      const body = { windows: [], exceptions: [] };
      expect((await t.inject({ method: 'PUT', url: `/api/trainers/${somchai.id}/availability`, token: staff, payload: body })).statusCode).toBe(403);
      expect((await t.inject({ method: 'PUT', url: '/api/trainers/999999/availability', token: admin, payload: body })).statusCode).toBe(404);
    });

    it('has the private lessons settings in Paramètres: 60 and 90 minutes, 3 hours notice, 15 minutes buffer by default', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/site-settings', token: admin });
      const current = res.json<{ settings: Record<string, unknown>; version: number }>();
      expect(current.settings.privateLessons).toEqual({ lengths: [60, 90], noticeHours: 3, bufferMinutes: 15 });
      const bad = await t.inject({
        method: 'PUT',
        url: '/api/site-settings',
        token: admin,
        payload: { settings: { ...current.settings, privateLessons: { lengths: [45], noticeHours: 3, bufferMinutes: 15 } }, version: current.version },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
