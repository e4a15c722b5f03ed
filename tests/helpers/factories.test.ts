import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMERS,
  accountPayload,
  bookingFor,
  bookingPayload,
  categoryPayload,
  contactFor,
  customer,
  galleryUpload,
  instagramItemPayload,
  postPayload,
  subscriberPayload,
} from './factories';
import { backends, createTestApp, type TestApp } from './test-app';

// Every builder makes a record the server accepts as built: a schema or timetable change that
// breaks one fails here, not in the suites that use it.
describe.each(backends)('test factories on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
    admin = (await t.signIn('admin')).token;
  });
  afterAll(() => t?.close());

  const created = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(201);
    return JSON.parse(r.body) as Record<string, unknown>;
  };

  it('books a session, a request by appointment and a booking for each language', async () => {
    await created(t.inject({ method: 'POST', url: '/api/reservations', payload: bookingPayload() }));
    await created(t.inject({ method: 'POST', url: '/api/reservations', payload: bookingPayload({ course: 'Private Training' }) }));
    for (const language of Object.values(CUSTOMERS).map((c) => c.language)) {
      const who = customer({ language });
      const booked = await created(t.inject({ method: 'POST', url: '/api/reservations', payload: bookingFor(who, { course: 'Wrestling' }, { nth: 1 }) }));
      expect(booked).toMatchObject({ name: who.name, email: who.email, phone: who.phone });
    }
  });

  it('sends a contact message and signs up to the newsletter', async () => {
    const who = customer({ language: 'ru' });
    const sent = await created(t.inject({ method: 'POST', url: '/api/contact', payload: contactFor(who) }));
    expect(sent.conversationId).toEqual(expect.any(Number));
    await created(t.inject({ method: 'POST', url: '/api/newsletter-subscribers', payload: subscriberPayload({ name: who.name }) }));
  });

  it('creates a category, a post in it, a staff account and gallery items', async () => {
    const category = await created(t.inject({ method: 'POST', url: '/api/blog-categories', token: staff, payload: categoryPayload() }));
    await created(t.inject({ method: 'POST', url: '/api/blog-posts', token: staff, payload: postPayload(category.id as number) }));
    await created(t.inject({ method: 'POST', url: '/api/auth/register', token: admin, payload: accountPayload() }));
    await created(t.inject({ method: 'POST', url: '/api/gallery', token: staff, ...(await galleryUpload()) }));
    await created(t.inject({ method: 'POST', url: '/api/gallery/instagram', token: staff, payload: instagramItemPayload() }));
  });
});
