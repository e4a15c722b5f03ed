import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/site-settings-data';
import { EMPTY_DRAFT, stayPayload, stayTerms } from './stay-queries';

// Paramètres' `stays` group as the booking journey reads it (decision 163): the shape the
// settings are built with, other shapes, and nothing at all.

const STAYS = {
  airports: [
    { code: 'KBV', name: 'Krabi International Airport', pickupPriceSatang: 60_000 },
    { code: 'HKT', name: 'Phuket International Airport', pickupPriceSatang: 250_000 },
  ],
  included: { en: 'Room with air conditioning\nWi-Fi', ru: 'Номер с кондиционером\nWi-Fi', de: '  ' },
  notIncluded: { en: 'Meals' },
  terms: { text: { en: 'Full refund up to 30 days before arrival.' }, tiers: [], freeChangeDays: 14 },
};

describe('stayTerms', () => {
  it('shows nothing when the settings have no stays group, or one it cannot read', () => {
    const none = { included: [], notIncluded: [], airports: [], cancellation: [] };
    expect(stayTerms(DEFAULT_SITE_SETTINGS, 'en')).toEqual(none);
    expect(stayTerms({ ...DEFAULT_SITE_SETTINGS, stays: 'yes' }, 'en')).toEqual(none);
    expect(stayTerms({ stays: { airports: [null, 3, { name: 'no code' }], included: 42 } }, 'en')).toEqual(none);
    expect(stayTerms(null, 'ru')).toEqual(none);
  });

  it("reads the texts in the page's language, one item a line, the English where a translation is missing or blank", () => {
    const site = { ...DEFAULT_SITE_SETTINGS, stays: STAYS };
    expect(stayTerms(site, 'ru')).toEqual({
      included: ['Номер с кондиционером', 'Wi-Fi'],
      notIncluded: ['Meals'],
      airports: [
        { code: 'KBV', label: 'Krabi International Airport (KBV)', priceSatang: 60_000 },
        { code: 'HKT', label: 'Phuket International Airport (HKT)', priceSatang: 250_000 },
      ],
      cancellation: ['Full refund up to 30 days before arrival.'],
    });
    expect(stayTerms(site, 'de').included).toEqual(['Room with air conditioning', 'Wi-Fi']);
  });

  it('takes airports given as bare codes, without a price', () => {
    expect(stayTerms({ stays: { airports: ['KBV'] } }, 'en').airports).toEqual([{ code: 'KBV', label: 'KBV', priceSatang: null }]);
  });
});

describe('stayPayload', () => {
  const stay = { roomTypeId: 3, checkIn: '2026-12-01', checkOut: '2026-12-08', guests: 2 };

  it('sends the stay alone when no pickup was asked, an empty phone as null', () => {
    expect(stayPayload(stay, { ...EMPTY_DRAFT, name: ' Alex ', email: 'alex@example.com ' }, 'desk', 'en')).toEqual({
      stay,
      name: 'Alex',
      email: 'alex@example.com',
      phone: null,
      language: 'en',
      method: 'desk',
    });
  });

  it('sends the pickup with its airport, the flight in capitals and the landing time in gym time', () => {
    const draft = {
      ...EMPTY_DRAFT,
      name: 'Alex',
      email: 'alex@example.com',
      phone: '+66 81 234 5678',
      airport: 'KBV',
      flightNumber: ' fd 3011',
      arrivesAt: '2026-12-01T14:05',
    };
    expect(stayPayload(stay, draft, 'promptpay', 'th')).toEqual({
      stay,
      pickup: { airport: 'KBV', flightNumber: 'FD 3011', arrivesAt: '2026-12-01T14:05' },
      name: 'Alex',
      email: 'alex@example.com',
      phone: '+66 81 234 5678',
      language: 'th',
      method: 'promptpay',
    });
  });

  it('sends a pass chosen with the stay, starting on the check-in day', () => {
    const draft = { ...EMPTY_DRAFT, name: 'Alex', email: 'alex@example.com', passId: 'week-single.muay-thai' };
    expect(stayPayload(stay, draft, 'desk', 'en')).toMatchObject({ passId: 'week-single.muay-thai', startDate: '2026-12-01', stay });
  });
});
