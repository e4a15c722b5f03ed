import { DEFAULT_SITE_SETTINGS } from '../../../shared/site-settings-data';
import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../db/schema';
import { bookingConfirmationMail, type BookingMailInput } from './booking-mails';
import { renderedRow } from '../delivery/outbox-parts';
import { deferredBookingConfirmation } from './deferred-mail';
import { outboxRow } from '../delivery/mail-queue';

// A booking's confirmation is queued as facts and written when sent: the written e-mail is the
// one bookingConfirmationMail makes, and the row in the booking's transaction stays small.

const config = {
  publicUrl: 'https://gym.test',
  timezone: 'Asia/Bangkok',
  mailFrom: 'Gym <bookings@gym.test>',
  notifyEmail: 'desk@gym.test',
  gym: DEFAULT_SITE_SETTINGS,
};
const booking: BookingMailInput = {
  to: 'ana@example.com',
  name: 'Ana <b>Lima</b>',
  reservationId: 77,
  course: 'Muay Thai Beginner',
  startsAt: new Date('2026-11-24T01:00:00.000Z'),
  endsAt: new Date('2026-11-24T02:00:00.000Z'),
  gymDate: '2026-11-24',
  gymTime: '08:00',
  zoneLabel: 'Krabi time (UTC+7)',
  manageUrl: 'https://gym.test/booking/manage/Zm9vYmFyYmF6cXV4cXV1eA',
  sequence: 0,
};
const asRow = (r: ReturnType<typeof outboxRow>): OutboxRow => ({ ...r, id: 1 }) as OutboxRow;

describe('deferred booking confirmation', () => {
  it('is queued with its recipient, subject and booking number, and facts instead of its text', () => {
    const row = outboxRow(config, deferredBookingConfirmation(config, booking));
    expect(row).toMatchObject({ to_address: 'ana@example.com', reservation_id: 77, text_body: '', html_body: null, calendar: null, reply_to: 'desk@gym.test' });
    expect(row.subject).toBe(bookingConfirmationMail(config, booking).subject);
    expect(JSON.parse(row.template!)).toMatchObject({ name: 'booking-confirmation', data: { reservationId: 77, startsAt: '2026-11-24T01:00:00.000Z' } });
    const full = outboxRow(config, bookingConfirmationMail(config, booking));
    expect(JSON.stringify(row).length * 3).toBeLessThan(JSON.stringify(full).length);
  });

  it('is written by the outbox as the e-mail bookingConfirmationMail makes, calendar part included', () => {
    const written = renderedRow(config, asRow(outboxRow(config, deferredBookingConfirmation(config, booking))));
    const direct = asRow(outboxRow(config, bookingConfirmationMail(config, booking)));
    for (const k of ['subject', 'text_body', 'html_body', 'calendar', 'attachments', 'headers', 'reply_to', 'reservation_id'] as const)
      expect(written[k]).toEqual(direct[k]);
    expect(written.template).toBeNull();
    expect(written.html_body).toContain('Ana &lt;b&gt;Lima&lt;/b&gt;');
  });

  it('refuses at queue time a booking whose gym time disagrees with its instant', () => {
    expect(() => deferredBookingConfirmation(config, { ...booking, gymTime: '09:00' })).toThrow(/gym time/);
  });

  it('leaves an ordinary row as it is', () => {
    const plain = asRow(outboxRow(config, { to: 'x@example.com', subject: 'Hi', text: 'Hello' }));
    expect(renderedRow(config, plain)).toBe(plain);
  });
});
