import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/site-settings-data';
import { bookingConfirmationMail, bookingReminderMail, type BookingMailInput } from './booking-mails';
import { bookingStaffNotificationMail } from './booking-staff-mails';
import { signInMail } from './me-mails';
import { ME_MAIL_TEXTS } from './me-mail-texts';
import { waitlistJoinedMail } from './waitlist-mails';

// Issue 47: the sign-in e-mail in the six languages, and the "Your page" line of the e-mails a
// customer already gets (decision 183): the page's address in their language, never a token.

const config = {
  publicUrl: 'https://gym.test',
  timezone: 'Asia/Bangkok',
  mailFrom: 'Tiger Coast <bookings@gym.test>',
  notifyEmail: 'desk@gym.test',
  gym: DEFAULT_SITE_SETTINGS,
};
const booking: BookingMailInput = {
  to: 'ana@example.com',
  name: 'Ana Lima',
  reservationId: 41,
  course: 'Muay Thai Beginner',
  startsAt: new Date('2026-11-24T01:00:00.000Z'),
  endsAt: new Date('2026-11-24T02:00:00.000Z'),
  gymDate: '2026-11-24',
  gymTime: '08:00',
  zoneLabel: 'Krabi time (UTC+7)',
  manageUrl: 'https://gym.test/booking/manage/Zm9vYmFyYmF6cXV4cXV1eA',
  sequence: 0,
};
const TOKEN = 'A'.repeat(43);

describe('the sign-in e-mail of My page', () => {
  it.each(LANGUAGES)('carries the link, the code and the 15 minutes in %s', (language) => {
    const url = `https://gym.test${language === 'en' ? '' : `/${language}`}/me/sign-in?token=${TOKEN}`;
    const m = signInMail(config, { to: 'ana@example.com', name: 'Ana', language, url, code: '042917', minutes: 15 });
    const t = ME_MAIL_TEXTS[language];
    expect(m.subject).toBe(t.subject(DEFAULT_SITE_SETTINGS.name));
    expect(m.text).toContain(url);
    expect(m.text).toMatch(new RegExp(`${t.labelCode}:\\s+042917`));
    expect(m.text).toContain(t.intro(15));
    expect(m.html).toContain(`href="${url}"`);
    expect(m.html).toContain('042917');
  });
});

describe('"Your page" in the e-mails a customer gets', () => {
  it.each(LANGUAGES)('the confirmation, the reminder and the waiting list name /me in %s, with no token', (language) => {
    const page = `https://gym.test${language === 'en' ? '' : `/${language}`}/me`;
    const label = ME_MAIL_TEXTS[language].yourPage;
    const mails = [
      bookingConfirmationMail(config, { ...booking, language }),
      bookingReminderMail(config, { ...booking, language }),
      waitlistJoinedMail(config, { ...booking, language, pageUrl: 'https://gym.test/booking/waitlist/x' }),
    ];
    for (const m of mails) {
      expect(m.text).toMatch(new RegExp(`${label}:\\s+${page.replace(/[./]/g, '\\$&')}\\n`));
      expect(m.html).toContain(`href="${page}"`);
      expect(m.text).not.toMatch(/\/me[^\s]*token/);
    }
  });

  it('is not in the staff e-mails', () => {
    const staff = bookingStaffNotificationMail(config, 'desk@gym.test', { ...booking, email: booking.to, phone: null, message: null });
    expect(staff.text).not.toContain('/me');
  });
});
