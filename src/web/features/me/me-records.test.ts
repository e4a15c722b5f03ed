import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MePageDto } from '../../../shared/api-types';
import { compiledMessages } from '../../i18n/compile';
import { I18nProvider } from '../../i18n/i18n';
import MeRecords from './me-records';

// My page's visa letters (issue 47 point 2): "Ask for the letter" only while none was asked for;
// once asked, the request's state instead, and the letter's PDF once issued. Rendered as the
// server renders the page.

const page = (letter: Pick<MePageDto['visaLetters'][number], 'status' | 'canRequest' | 'pdfUrl' | 'validUntil'>): MePageDto => ({
  person: { name: 'Ana Lima', email: 'ana@example.com' },
  language: 'en',
  bookings: { upcoming: [], past: [] },
  lessons: [],
  waitlist: [],
  passes: [],
  orders: [],
  stays: [],
  visaLetters: [{ orderId: 7, programme: 'Muay Thai 3 months', ...letter }],
  waiver: { required: false, signedVersion: 1, signedAt: '2026-12-01T10:00:00Z' },
  checkInCode: 'abc-def',
  pauseDays: 0,
});

const render = (p: MePageDto) =>
  renderToStaticMarkup(
    createElement(I18nProvider, { language: 'en', messages: compiledMessages('en'), children: createElement(MeRecords, { page: p, onPage: () => {} }) }),
  );

describe("My page's visa letter", () => {
  it('offers the request only while none was asked for', () => {
    const html = render(page({ status: null, canRequest: true, pdfUrl: null, validUntil: null }));
    expect(html).toContain('Ask for the letter');
    expect(html).toContain('Not asked for yet');
  });

  it('shows a request waiting, and no second request', () => {
    const html = render(page({ status: 'requested', canRequest: false, pdfUrl: null, validUntil: null }));
    expect(html).toContain('Asked for: the gym is preparing it');
    expect(html).not.toContain('Ask for the letter');
    expect(html).not.toContain('data-testid="me-letter-request"');
  });

  it('gives the issued letter’s PDF, and no request', () => {
    const html = render(page({ status: 'issued', canRequest: false, pdfUrl: '/api/me/orders/7/visa-letter.pdf', validUntil: '2027-03-01' }));
    expect(html).toContain('href="/api/me/orders/7/visa-letter.pdf"');
    expect(html).toContain('Download the letter (PDF)');
    expect(html).not.toContain('Ask for the letter');
  });

  it('says a revoked letter was revoked, and offers no request', () => {
    const html = render(page({ status: 'revoked', canRequest: false, pdfUrl: null, validUntil: null }));
    expect(html).toContain('Revoked');
    expect(html).not.toContain('Ask for the letter');
  });
});
