import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkSecretDeclarations, redactUrl } from './log-redaction';

// The one redaction of the request log (tests/security/log-secrets.test.ts walks every route).
const TOKEN = 'q3Xz-9a_Jk2LmN0pQrStUvWxYz0123456789AbCdEfG';

describe('the request log never shows a link key', () => {
  it('redacts what the route declares, whatever its shape', () => {
    const manage = { url: '/api/bookings/manage/:token/cancel', secretParams: ['token'] };
    expect(redactUrl('/api/bookings/manage/abc/cancel', manage)).toBe('/api/bookings/manage/[redacted]/cancel');
    const feed = { url: '/calendar/trainer/:file', secretParams: ['file'] };
    expect(redactUrl('/calendar/trainer/ab12.ics', feed)).toBe('/calendar/trainer/[redacted]');
    const page = { url: '/ru/booking/order/:token', secretParams: ['token'] };
    expect(redactUrl('/ru/booking/order/abc?x=1', page)).toBe('/ru/booking/order/[redacted]?x=1');
    const link = { url: '/api/newsletter/confirm', secretQuery: ['t'] };
    expect(redactUrl('/api/newsletter/confirm?t=abc&x=1', link)).toBe('/api/newsletter/confirm?t=[redacted]&x=1');
  });

  it('keeps what is no key readable', () => {
    expect(redactUrl('/api/reservations/12', { url: '/api/reservations/:id' })).toBe('/api/reservations/12');
    expect(redactUrl('/blog/how-to-wrap-your-hands?page=2', { url: '/*' })).toBe('/blog/how-to-wrap-your-hands?page=2');
    expect(redactUrl('/api/orders/by-token/abc/visa-letter.pdf', { url: '/api/orders/by-token/:token/visa-letter.pdf', secretParams: ['token'] })).toBe(
      '/api/orders/by-token/[redacted]/visa-letter.pdf',
    );
  });

  it('without a declaration (no route, a catch-all, another parameter) redacts what looks like a key', () => {
    expect(redactUrl(`/booking/manage/${TOKEN}/`)).toBe('/booking/manage/[redacted]/');
    expect(redactUrl(`/th/booking/order/${TOKEN}`, { url: '/*' })).toBe('/th/booking/order/[redacted]');
    expect(redactUrl(`/api/users/${TOKEN}`, { url: '/api/users/:id' })).toBe('/api/users/[redacted]');
    // A trainer's feed secret: 48 hex digits, one long lowercase "word".
    expect(redactUrl(`/calendar/${'0a'.repeat(24)}.ics`)).toBe('/calendar/[redacted]');
    expect(redactUrl('/x?token=a&api_key=b&secret=c&code=d&password=e&page=2')).toBe(
      '/x?token=[redacted]&api_key=[redacted]&secret=[redacted]&code=[redacted]&password=[redacted]&page=2',
    );
    expect(redactUrl(`/x?next=${TOKEN}&${TOKEN}`)).toBe('/x?next=[redacted]&[redacted]');
  });

  it('stops the app when a route declares a parameter its path does not have', async () => {
    const app = Fastify();
    checkSecretDeclarations(app);
    expect(() => app.get('/api/things/:token', { config: { secretParams: ['tokn'] } }, async () => ({}))).toThrow(/secretParams it has no parameter for: tokn/);
    app.get('/api/things/:token/move', { config: { secretParams: ['token'] } }, async () => ({}));
    await app.close();
  });
});
