import { describe, expect, it } from 'vitest';
import { bookingToPayload, checkBookingForm, reservationPayloadSchema, type BookingFormValues } from './reservations';

const valid: BookingFormValues = {
  name: 'Ana Traveller',
  email: 'ana@example.com',
  phone: '',
  course: 'Muay Thai Beginner',
  preferredDate: '2031-03-01T08:00',
  message: '',
};

describe('the booking form is checked with the route schema (SPEC.md §5)', () => {
  it('accepts a complete booking, and what it would send passes the route schema', () => {
    expect(checkBookingForm(valid)).toEqual({});
    const sent = reservationPayloadSchema.parse(bookingToPayload(valid));
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
