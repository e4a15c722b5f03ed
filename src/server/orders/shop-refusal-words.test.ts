import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../shared/i18n/locales';
import { PASS_DAY_USED, PASS_NOT_COVERED, PASS_NOT_FOUND, PASS_NOT_PAID, PASS_NO_CREDIT, PASS_OUT_OF_DATES, PASS_SLOT_USED } from '../credits/credits';
import { ORDER_CLOSED, ORDER_EXPIRED } from './order-page.service';
import { CONTACT_REQUIRED, PROMPTPAY_UNAVAILABLE, START_DATE_TOO_FAR } from './orders.service';
import { PASS_NOT_ON_SALE } from '../catalogue/catalogue.service';

// The site's pages say the shop's refusals in their language by the answer's code
// (src/web/i18n/errors.ts PASS_ERROR_KEYS); the English catalogue holds the server's sentences.
describe("the shop's refusals in the English catalogue", () => {
  it('are the sentences the server writes', () => {
    const en = CATALOGUES.en;
    expect({
      notFound: en['passError.notFound'],
      notPaid: en['passError.notPaid'],
      notCovered: en['passError.notCovered'],
      outOfDates: en['passError.outOfDates'],
      dayUsed: en['passError.dayUsed'],
      slotUsed: en['passError.slotUsed'],
      noCredit: en['passError.noCredit'],
      notOnSale: en['passError.notOnSale'],
      startTooFar: en['passError.startTooFar'],
      contactRequired: en['passError.contactRequired'],
      promptpayUnavailable: en['passError.promptpayUnavailable'],
      orderExpired: en['passError.orderExpired'],
      orderClosed: en['passError.orderClosed'],
    }).toEqual({
      notFound: PASS_NOT_FOUND,
      notPaid: PASS_NOT_PAID,
      notCovered: PASS_NOT_COVERED,
      outOfDates: PASS_OUT_OF_DATES,
      dayUsed: PASS_DAY_USED,
      slotUsed: PASS_SLOT_USED,
      noCredit: PASS_NO_CREDIT,
      notOnSale: PASS_NOT_ON_SALE,
      startTooFar: START_DATE_TOO_FAR,
      contactRequired: CONTACT_REQUIRED,
      promptpayUnavailable: PROMPTPAY_UNAVAILABLE,
      orderExpired: ORDER_EXPIRED,
      orderClosed: ORDER_CLOSED,
    });
  });
});
