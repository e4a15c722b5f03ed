import { describe, expect, it } from 'vitest';
import { letterDetailsMissing, receiptTaxNumber } from './legal-details';
import { type SiteSettings } from './schemas/site-settings';
import { DEFAULT_SITE_SETTINGS } from './site-settings-data';

const complete: Pick<SiteSettings, 'legal' | 'visaLetter' | 'payments'> = {
  legal: { name: 'Tiger Coast Co., Ltd.', registrationNumber: '0815562001234', address: 'Ao Nang\nKrabi', phone: '+66 75 123 456', email: 'a@b.co' },
  visaLetter: {
    signatoryName: 'Pim',
    signatoryTitle: 'Director',
    signatureImageUrl: '/uploads/site/a-400.webp',
    stampImageUrl: '/uploads/site/b-400.webp',
    onDeposit: false,
  },
  payments: DEFAULT_SITE_SETTINGS.payments,
};

describe('letterDetailsMissing', () => {
  it('lists every detail of the seed, in French, and none once all are filled', () => {
    expect(letterDetailsMissing(DEFAULT_SITE_SETTINGS)).toEqual([
      'Raison sociale',
      "Numéro d'immatriculation",
      'Adresse légale',
      'Téléphone légal',
      'E-mail légal',
      'Nom du signataire',
      'Fonction du signataire',
      'Image de la signature',
      'Image du cachet',
    ]);
    expect(letterDetailsMissing(complete)).toEqual([]);
  });

  it('takes blanks for missing', () => {
    expect(letterDetailsMissing({ ...complete, legal: { ...complete.legal, address: '  \n ' } })).toEqual(['Adresse légale']);
  });
});

describe('receiptTaxNumber', () => {
  it('prints the payments tax ID when set, else the registration number', () => {
    expect(receiptTaxNumber(complete)).toBe('0815562001234');
    expect(receiptTaxNumber({ ...complete, payments: { ...complete.payments, taxId: ' 123 ' } })).toBe('123');
    expect(receiptTaxNumber(DEFAULT_SITE_SETTINGS)).toBeNull();
  });
});
