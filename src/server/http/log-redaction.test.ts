import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('the request log never shows a link token', () => {
  it('redacts the order page in every language and the order API', () => {
    expect(redactUrl('/booking/order/abc_DEF-123')).toBe('/booking/order/[redacted]');
    expect(redactUrl('/ru/booking/order/abc_DEF-123?x=1')).toBe('/ru/booking/order/[redacted]?x=1');
    expect(redactUrl('/th/booking/manage/abc')).toBe('/th/booking/manage/[redacted]');
    expect(redactUrl('/ru/booking/waitlist/abc')).toBe('/ru/booking/waitlist/[redacted]');
    expect(redactUrl('/api/waitlist/abc/accept')).toBe('/api/waitlist/[redacted]/accept');
    expect(redactUrl('/api/orders/by-token/abc/promptpay.svg')).toBe('/api/orders/by-token/[redacted]/promptpay.svg');
    expect(redactUrl('/api/orders/by-token/abc/slip')).toBe('/api/orders/by-token/[redacted]/slip');
  });

  it('leaves other paths alone', () => {
    expect(redactUrl('/booking')).toBe('/booking');
    expect(redactUrl('/api/orders')).toBe('/api/orders');
  });
});
