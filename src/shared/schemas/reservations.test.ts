import { describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../gym-time';
import { bookingToPayload, checkBookingForm as checkIn, gymDateTimeToIso, reservationPayloadSchema, type BookingFormValues } from './reservations';

const ZONE = 'Asia/Bangkok';
const checkBookingForm = (v: BookingFormValues) => checkIn(v, ZONE);

/** A gym date this many days ahead, as the date picker writes it. */
const inDays = (n: number, time = '08:00') => `${addDays(todayInZone(ZONE), n)}T${time}`;

const valid: BookingFormValues = {
  name: 'Ana Traveller',
  email: 'ana@example.com',
  phone: '',
  course: 'Muay Thai Beginner',
  preferredDate: inDays(30),
  message: '',
};

describe('the booking form is checked with the route schema (SPEC.md §5)', () => {
  it('accepts a complete booking, and what it would send passes the route schema', () => {
    expect(checkBookingForm(valid)).toEqual({});
    const sent = reservationPayloadSchema.parse(bookingToPayload(valid, ZONE));
    expect(sent.email).toBe('ana@example.com');
    expect(sent.phone).toBeNull();
    expect(sent.message).toBeNull();
  });

  it('reports each rule on the field SPEC.md names, with its message', () => {
    expect(checkBookingForm({ ...valid, name: '  ' })).toEqual({ name: 'Name is required' });
    expect(checkBookingForm({ ...valid, course: '' })).toEqual({ course: 'Please select a course' });
    expect(checkBookingForm({ ...valid, preferredDate: '' })).toEqual({ preferredDate: 'Date and time are required' });
    expect(checkBookingForm({ ...valid, email: 'not-an-email' })).toEqual({ email: 'Invalid email' });
    expect(checkBookingForm({ ...valid, email: '', phone: '' })).toEqual({ email: 'Either email or phone is required' });
    expect(checkBookingForm({ ...valid, phone: '0812345678' })).toEqual({ phone: 'Phone number must include country code (e.g., +33)' });
    expect(checkBookingForm({ ...valid, email: '', phone: '+66 81 234 5678' })).toEqual({});
  });

  it('reports every broken field at once, one message each', () => {
    const all = checkBookingForm({ name: '', email: '', phone: '', course: '', preferredDate: '', message: '' });
    expect(all).toEqual({
      name: 'Name is required',
      email: 'Either email or phone is required',
      course: 'Please select a course',
      preferredDate: 'Date and time are required',
    });
  });
});

describe('the date and time are gym time, whatever the zone the code runs in', () => {
  it('reads the datetime-local value in the gym zone', () => {
    const march = { ...valid, preferredDate: '2031-03-01T08:00' };
    expect(bookingToPayload(march, ZONE).dateTime).toBe('2031-03-01T01:00:00.000Z');
    expect(bookingToPayload(march, 'Europe/Berlin').dateTime).toBe('2031-03-01T07:00:00.000Z');
    expect(bookingToPayload(march, 'America/New_York').dateTime).toBe('2031-03-01T13:00:00.000Z');
  });

  it('accepts seconds, refuses what is not a datetime-local value', () => {
    expect(gymDateTimeToIso('2031-03-01T08:00:00', ZONE)).toBe('2031-03-01T01:00:00.000Z');
    expect(gymDateTimeToIso('2031-02-30T08:00', ZONE)).toBeNull();
    expect(gymDateTimeToIso('2031-03-01T24:00', ZONE)).toBeNull();
    expect(gymDateTimeToIso('tomorrow', ZONE)).toBeNull();
    expect(checkBookingForm({ ...valid, preferredDate: 'tomorrow' })).toEqual({ preferredDate: 'Date and time must be a valid ISO 8601 timestamp' });
  });
});
