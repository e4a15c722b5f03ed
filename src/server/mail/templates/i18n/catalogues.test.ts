import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../shared/i18n/languages';
import { DEFAULT_SITE_SETTINGS } from '../../../../shared/site-settings-data';
import { bookingCancelledMail, bookingConfirmationMail, bookingMailGym, bookingMovedMail, bookingReminderMail, type BookingMailInput } from '../booking-mails';
import { MAIL_MESSAGES } from '.';

// Every language's e-mail catalogue has every key of the English one, each written (not left
// empty, not English); and every booking e-mail can be written in every language.

const sample = (key: string, value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join('|');
  if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, (_, i) => (key === 'changeByMessage' && i === 0 ? true : `«${i}»`));
    return String((value as (...a: unknown[]) => unknown)(...args));
  }
  throw new Error(`${key}: not a text`);
};

describe('e-mail catalogues', () => {
  const english = MAIL_MESSAGES.en;
  const keys = Object.keys(english).sort();

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key, each translated', (language) => {
    const m = MAIL_MESSAGES[language] as unknown as Record<string, unknown>;
    expect(Object.keys(m).sort()).toEqual(keys);
    for (const key of keys) {
      const text = sample(key, m[key]);
      expect(text.trim(), `${language}.${key}`).not.toBe('');
      if (key !== 'zone') expect(text, `${language}.${key} is the English text`).not.toBe(sample(key, (english as Record<string, unknown>)[key]));
    }
    expect((m.whatToBringItems as string[]).length).toBe(english.whatToBringItems.length);
    // The placeholders all reach the text (no argument dropped by a translation).
    for (const key of keys) {
      const fn = (english as Record<string, unknown>)[key];
      if (typeof fn !== 'function' || key === 'zone') continue;
      const text = sample(key, m[key]);
      for (let i = key === 'changeByMessage' ? 1 : 0; i < fn.length; i += 1) expect(text, `${language}.${key} drops argument ${i}`).toContain(`«${i}»`);
    }
  });

  const config = {
    publicUrl: 'http://gym.test',
    timezone: 'Asia/Bangkok',
    mailFrom: 'Gym <no-reply@gym.test>',
    notifyEmail: undefined,
    gym: bookingMailGym(DEFAULT_SITE_SETTINGS),
  };
  const input = (language: (typeof LANGUAGES)[number]): BookingMailInput => ({
    to: 'a@example.com',
    name: 'Ana',
    reservationId: 7,
    course: 'Muay Thai',
    startsAt: new Date('2026-11-24T01:00:00.000Z'),
    endsAt: new Date('2026-11-24T02:00:00.000Z'),
    gymDate: '2026-11-24',
    gymTime: '08:00',
    zoneLabel: 'Krabi time (UTC+7)',
    manageUrl: `http://gym.test${language === 'en' ? '' : `/${language}`}/booking/manage/t`,
    sequence: 1,
    language,
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('writes the cancellation, move and reminder in %s, English nowhere', (language) => {
    const b = input(language);
    const m = MAIL_MESSAGES[language];
    const mails = [
      bookingConfirmationMail(config, b),
      bookingCancelledMail(config, { ...b, cancelledBy: 'gym' }),
      bookingMovedMail(config, {
        ...b,
        previous: { startsAt: new Date('2026-11-23T01:00:00.000Z'), endsAt: new Date('2026-11-23T02:00:00.000Z'), gymDate: '2026-11-23', gymTime: '08:00' },
      }),
      bookingReminderMail(config, b),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain(m.hello('Ana'));
      expect(mail.html).toContain(`lang="${language === 'zh' ? 'zh-Hans' : language}"`);
      for (const english of ['Hello', 'When', 'Booking', 'Krabi time', 'Tuesday', 'What to bring']) expect(mail.text).not.toContain(english);
      expect(mail.text).toContain(`http://gym.test/${language}\n`);
    }
    expect(mails[1].text).toContain(m.cancelledByGym(DEFAULT_SITE_SETTINGS.name));
    expect(mails[1].text).toContain(`http://gym.test/${language}/booking`);
    expect(mails[2].subject).toBe(m.movedSubject('Muay Thai', longDate(language), '8:00'));
  });
});

/** The start's long date as Intl writes it in the language (gym time). */
function longDate(language: string): string {
  const tag = language === 'zh' ? 'zh-Hans' : language;
  return new Intl.DateTimeFormat(tag, { timeZone: 'Asia/Bangkok', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date('2026-11-24T01:00:00.000Z'),
  );
}
