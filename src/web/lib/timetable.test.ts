import { describe, expect, it } from 'vitest';
import { matchPage } from '../app/pages';
import { clockText, dayParts, dayText, scheduleText, sessionFieldValue, sessionsByDay, spotsText, type SessionDto } from './timetable';

describe('the timetable in words', () => {
  it('writes times as SPEC.md §9 does', () => {
    expect(clockText('08:00')).toBe('8:00 AM');
    expect(clockText('12:30')).toBe('12:30 PM');
    expect(clockText('00:15')).toBe('12:15 AM');
    expect(clockText('17:00')).toBe('5:00 PM');
  });

  it('says "Daily" for all seven days only (issue 46: a gym closed on Sundays), ranges and other days, and groups times', () => {
    const daily = [1, 2, 3, 4, 5, 6, 7];
    expect(scheduleText({ byAppointment: false, schedule: [{ time: '08:00', weekdays: [1, 2, 3, 4, 5, 6] }] })).toBe('Mon–Sat 8:00 AM');
    expect(scheduleText({ byAppointment: false, schedule: [{ time: '08:00', weekdays: daily }] })).toBe('Daily 8:00 AM');
    expect(scheduleText({ byAppointment: false, schedule: [{ time: '08:00', weekdays: [1, 2, 4, 5, 6] }] })).toBe('Mon, Tue, Thu–Sat 8:00 AM');
    expect(
      scheduleText({
        byAppointment: false,
        schedule: [
          { time: '14:00', weekdays: daily },
          { time: '15:00', weekdays: daily },
        ],
      }),
    ).toBe('Daily 2:00 PM & 3:00 PM');
    expect(scheduleText({ byAppointment: false, schedule: [{ time: '18:00', weekdays: [1, 3, 5] }] })).toBe('Mon, Wed, Fri 6:00 PM');
    expect(scheduleText({ byAppointment: true, schedule: [] })).toBe('By appointment');
    expect(scheduleText({ byAppointment: false, schedule: [] })).toBe('By appointment');
  });

  it('counts free places', () => {
    expect(spotsText({ full: false, spotsLeft: 8 })).toBe('8 spots left');
    expect(spotsText({ full: false, spotsLeft: 1 })).toBe('1 spot left');
    expect(spotsText({ full: true, spotsLeft: 0 })).toBe('Full');
  });

  it('prints a gym date as that calendar day, whatever zone the code runs in', () => {
    expect(dayText('2031-03-03')).toBe('Mon, Mar 3');
    expect(dayText('2031-03-03', 'long')).toBe('Monday, March 3, 2031');
    expect(dayParts('2031-03-09')).toEqual({ weekday: 'Sun', day: 9, month: 'Mar' });
  });

  it('groups sessions by day in time order and gives the form its gym-time value', () => {
    const s = (id: string, date: string, time: string, startsAt: string) => ({ id, date, time, startsAt }) as SessionDto;
    const days = sessionsByDay([s('b', '2031-03-04', '08:00', '2031-03-04T01:00:00Z'), s('a', '2031-03-03', '09:00', '2031-03-03T02:00:00Z')]);
    expect(days.map((d) => d.date)).toEqual(['2031-03-03', '2031-03-04']);
    expect(sessionFieldValue(days[1].sessions[0])).toBe('2031-03-04T08:00');
  });
});

describe('the booking link is a page of its own', () => {
  it('matches /booking/manage/:token', () => {
    expect(matchPage('/booking/manage/abc_DEF-123')).toEqual({ kind: 'manage-booking', slug: 'abc_DEF-123' });
    expect(matchPage('/ru/booking/waitlist/abc_DEF-123')).toEqual({ kind: 'waitlist', slug: 'abc_DEF-123' });
    expect(matchPage('/booking/manage/')).toEqual({ kind: 'not-found' });
    expect(matchPage('/booking')).toEqual({ kind: 'booking' });
  });
});
