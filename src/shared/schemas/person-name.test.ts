import { describe, expect, it } from 'vitest';
import { NAME_INVALID, NAME_REQUIRED } from '../messages';
import { PERSON_NAME_MAX, isPersonName, nameErrorKey } from '../person-name';
import { optionalPersonName, personName } from './common';
import { contactFormSchema, contactPayloadSchema } from './contact';
import { newsletterSubscribeSchema } from './newsletter';
import { orderPayloadSchema } from './orders';
import { privateLessonPayloadSchema } from './private-lessons';
import { reservationPayloadSchema } from './reservations';
import { waitlistJoinPayloadSchema } from './waitlist';
import { NOT_NAMES, PHISHING_NAME, REAL_NAMES } from '../../../tests/helpers/names';

// Issue 45, point 1: the one rule for a person's name on the public forms (the one text a
// stranger types that the gym's e-mails print).

const invalid = { code: 'custom', message: NAME_INVALID, params: { code: 'name_invalid', key: 'error.nameInvalid' } };

describe('isPersonName', () => {
  it('accepts real names in any script, with apostrophes, hyphens and dots', () => {
    for (const name of [...REAL_NAMES, 'J. R. Smith', 'Nguyễn Thị Minh Khai', 'Ö', '=HYPERLINK("x")', 'ก'.repeat(PERSON_NAME_MAX)]) {
      expect(isPersonName(name), name).toBe(true);
    }
  });

  it('refuses more than one line, control characters, links, addresses and more than 100 characters', () => {
    for (const [what, name] of Object.entries(NOT_NAMES)) expect(isPersonName(name), what).toBe(false);
    const more = {
      'carriage return': 'Anna\rSmith',
      tab: 'Anna\tSmith',
      DEL: 'Anna\u007fSmith',
      C1: 'Anna\u0085Smith',
      'line separator': 'Anna\u2028Smith',
      'paragraph separator': 'Anna\u2029Smith',
      'bidi override': 'Anna\u202eSmith',
      'bidi isolate': 'Anna\u2066Smith',
      'unpaired surrogate': 'Anna\ud800Smith',
      'WWW. in capitals': 'WWW.PAY.EXAMPLE',
      'full-width www': 'ｗｗｗ．pay．example',
      'full-width scheme': 'https：／／pay.example',
      'full-width at sign': 'anna＠pay.example',
      'ideographic full stop': 'www。pay。example',
      '101 Thai letters': 'ก'.repeat(PERSON_NAME_MAX + 1),
      'a megabyte': 'A'.repeat(1_000_000),
    };
    for (const [what, name] of Object.entries(more)) expect(isPersonName(name), what).toBe(false);
  });

  it('gives the light forms their message key', () => {
    expect(nameErrorKey('   ')).toBe('error.nameRequired');
    expect(nameErrorKey(PHISHING_NAME)).toBe('error.nameInvalid');
    expect(nameErrorKey("  O'Brien  ")).toBeNull();
  });
});

describe('personName (shared/schemas/common.ts)', () => {
  it('trims, keeps every real name as written and refuses the rest with the name_invalid issue', () => {
    for (const name of REAL_NAMES) expect(personName().parse(`  ${name} \n`)).toBe(name);
    for (const [what, name] of Object.entries(NOT_NAMES)) {
      const result = personName().safeParse(name);
      expect(result.error?.issues, what).toEqual([expect.objectContaining(invalid)]);
    }
    expect(personName().safeParse('  ').error?.issues[0].message).toBe(NAME_REQUIRED);
  });

  it('where a name may be left out: empty is null, the rule still holds', () => {
    expect(optionalPersonName().parse('  ')).toBeNull();
    expect(optionalPersonName().parse(undefined)).toBeNull();
    expect(optionalPersonName().parse(' Zoë ')).toBe('Zoë');
    expect(optionalPersonName().safeParse(PHISHING_NAME).error?.issues).toEqual([expect.objectContaining(invalid)]);
  });

  it('is the rule of every public form: the phishing name is refused at its name field, a real one accepted', () => {
    const email = 'someone@example.com';
    const when = '2031-03-03T10:00:00.000Z';
    const payloads = {
      booking: [reservationPayloadSchema, { email, phone: null, course: 'Wrestling', dateTime: when, message: null }, 'name'],
      order: [orderPayloadSchema, { passId: 'week-single.muay-thai', startDate: '2031-03-03', email, phone: null, method: 'promptpay' }, 'name'],
      contact: [contactPayloadSchema, { email, subject: null, message: 'Hello' }, 'name'],
      'waiting list': [waitlistJoinPayloadSchema, { email, course: 'Wrestling', dateTime: when }, 'name'],
      'private lesson': [
        privateLessonPayloadSchema,
        { trainerId: 1, startsAt: when, minutes: 60, discipline: 'Muay Thai', email, guests: 1, method: 'desk' },
        'name',
      ],
      newsletter: [newsletterSubscribeSchema, { email }, 'name'],
      'contact form': [contactFormSchema, { lastName: 'Smith', email, phone: '', subject: '', message: 'Hello' }, 'firstName'],
    } as const;
    for (const [form, [schema, rest, field]] of Object.entries(payloads)) {
      const refused = schema.safeParse({ ...rest, [field]: PHISHING_NAME });
      expect(refused.error?.issues, form).toEqual([expect.objectContaining({ ...invalid, path: [field] })]);
      for (const name of REAL_NAMES) expect(schema.safeParse({ ...rest, [field]: name }).success, `${form}: ${name}`).toBe(true);
    }
  });

  it("the contact form's two names are one name joined: too long together is said at the last name", () => {
    const form = { email: 'someone@example.com', phone: '', subject: '', message: 'Hello' };
    const long = contactFormSchema.safeParse({ ...form, firstName: 'A'.repeat(60), lastName: 'B'.repeat(60) });
    expect(long.error?.issues).toEqual([expect.objectContaining({ ...invalid, path: ['lastName'] })]);
    // A refused first name is said once, at its own field.
    const link = contactFormSchema.safeParse({ ...form, firstName: 'www.pay.example', lastName: 'Smith' });
    expect(link.error?.issues).toEqual([expect.objectContaining({ ...invalid, path: ['firstName'] })]);
    expect(contactFormSchema.safeParse({ ...form, firstName: 'A'.repeat(50), lastName: 'B'.repeat(49) }).success).toBe(true);
  });
});
