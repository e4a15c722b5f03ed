import { describe, expect, it } from 'vitest';
import { computeSlots, openSpans, visitorTime, type BusyLesson, type SlotRules, type SlotTrainer } from './private-slots';

// Issue 37 point 3: the free slots of private lessons, as a pure function. Gym time is Bangkok
// (UTC+7, no summer time) unless a test says otherwise; 2030-01-07 is a Monday.

const MONDAY = '2030-01-07';
const BKK = 'Asia/Bangkok';

const trainer = (over: Partial<SlotTrainer> = {}): SlotTrainer => ({
  id: 1,
  onLeave: false,
  windows: [{ weekday: 1, from: '08:00', to: '12:00' }],
  exceptions: [],
  classes: [],
  ...over,
});

const rules = (over: Partial<SlotRules> = {}): SlotRules => ({
  from: MONDAY,
  days: 1,
  minutes: 60,
  bufferMinutes: 15,
  noticeHours: 3,
  stepMinutes: 30,
  now: new Date('2030-01-01T00:00:00Z'),
  timeZone: BKK,
  ...over,
});

const times = (slots: { time: string }[]) => slots.map((s) => s.time);

describe('private lesson slots', () => {
  it('offers every start of the step whose lesson fits in a window, in gym time, with its instants', () => {
    const slots = computeSlots([trainer()], [], rules());
    expect(times(slots)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00']);
    expect(slots[0]).toEqual({ trainerId: 1, date: MONDAY, time: '08:00', startsAt: '2030-01-07T01:00:00.000Z', endsAt: '2030-01-07T02:00:00.000Z' });
    // 90 minutes: the last start leaves room for the whole lesson.
    expect(times(computeSlots([trainer()], [], rules({ minutes: 90 })))).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30']);
    // Other weekdays have no window.
    expect(computeSlots([trainer()], [], rules({ from: '2030-01-08' }))).toEqual([]);
  });

  it('never overlaps a group class the trainer coaches, nor its buffer; a cancelled class blocks nothing', () => {
    const coached = trainer({ classes: [{ weekday: 1, start: '10:00', minutes: 60 }] });
    // 10:00-11:00 class, 15 min either side: 08:00-09:00 is fine, 08:30-09:30 ends inside 09:45.
    expect(times(computeSlots([coached], [], rules()))).toEqual(['08:00', '08:30']);
    const cancelled = trainer({ classes: [{ weekday: 1, start: '10:00', minutes: 60, cancelled: new Set([MONDAY]) }] });
    expect(times(computeSlots([cancelled], [], rules()))).toContain('10:00');
    // The class of another weekday does not matter.
    expect(times(computeSlots([trainer({ classes: [{ weekday: 2, start: '10:00', minutes: 60 }] })], [], rules()))).toHaveLength(7);
  });

  it('keeps exceptions: a day off, hours off, extra hours', () => {
    expect(computeSlots([trainer({ exceptions: [{ date: MONDAY, from: null, to: null, off: true }] })], [], rules())).toEqual([]);
    const morningOff = trainer({ exceptions: [{ date: MONDAY, from: '08:00', to: '10:00', off: true }] });
    expect(times(computeSlots([morningOff], [], rules()))).toEqual(['10:00', '10:30', '11:00']);
    const extra = trainer({ exceptions: [{ date: '2030-01-08', from: '15:00', to: '16:30', off: false }] });
    expect(times(computeSlots([extra], [], rules({ from: '2030-01-08' })))).toEqual(['15:00', '15:30']);
    // Extra hours and hours off on one day: the hours off win.
    expect(
      openSpans(
        trainer({
          exceptions: [
            { date: MONDAY, from: '13:00', to: '15:00', off: false },
            { date: MONDAY, from: '09:00', to: '14:00', off: true },
          ],
        }),
        MONDAY,
      ),
    ).toEqual([
      [480, 540],
      [840, 900],
    ]);
  });

  it('never overlaps another lesson or the buffer around it', () => {
    // A lesson 09:00-10:00 Bangkok (02:00-03:00 UTC): nothing may end after 08:45 or start before 10:15.
    const busy: BusyLesson[] = [{ trainerId: 1, startsAt: '2030-01-07T02:00:00.000Z', endsAt: '2030-01-07T03:00:00.000Z' }];
    expect(times(computeSlots([trainer()], busy, rules()))).toEqual(['10:30', '11:00']);
    expect(times(computeSlots([trainer()], busy, rules({ stepMinutes: 15 })))).toEqual(['10:15', '10:30', '10:45', '11:00']);
    // No buffer: back to back.
    expect(times(computeSlots([trainer()], busy, rules({ bufferMinutes: 0 })))).toEqual(['08:00', '10:00', '10:30', '11:00']);
    // Another trainer's lesson is not this one's.
    expect(computeSlots([trainer()], [{ ...busy[0], trainerId: 2 }], rules())).toHaveLength(7);
  });

  it('never starts inside the notice', () => {
    // Now is 06:30 Bangkok: with 3 hours' notice the first start is 09:30.
    const now = new Date('2030-01-06T23:30:00Z');
    expect(times(computeSlots([trainer()], [], rules({ now })))).toEqual(['09:30', '10:00', '10:30', '11:00']);
    expect(times(computeSlots([trainer()], [], rules({ now, noticeHours: 0 })))[0]).toBe('08:00');
  });

  it('leaves out a trainer on leave and the days the gym is closed', () => {
    expect(computeSlots([trainer({ onLeave: true })], [], rules())).toEqual([]);
    expect(computeSlots([trainer()], [], rules({ closedDates: new Set([MONDAY]) }))).toEqual([]);
  });

  it('covers several days and trainers, sorted by start then trainer', () => {
    const a = trainer({
      id: 2,
      windows: [
        { weekday: 1, from: '08:00', to: '09:00' },
        { weekday: 2, from: '08:00', to: '09:00' },
      ],
    });
    const b = trainer({ id: 1, windows: [{ weekday: 1, from: '08:00', to: '09:00' }] });
    const slots = computeSlots([a, b], [], rules({ days: 2 }));
    expect(slots.map((s) => `${s.date} ${s.time} #${s.trainerId}`)).toEqual(['2030-01-07 08:00 #1', '2030-01-07 08:00 #2', '2030-01-08 08:00 #2']);
  });

  it('reads windows in the gym zone across a summer-time change, and skips a wall time that does not exist', () => {
    // Berlin springs forward on 2030-03-31 (a Sunday) from 02:00 to 03:00.
    const night = trainer({ windows: [{ weekday: 7, from: '01:00', to: '04:00' }] });
    const slots = computeSlots([night], [], rules({ from: '2030-03-31', timeZone: 'Europe/Berlin', bufferMinutes: 0, noticeHours: 0 }));
    // 02:00 and 02:30 never happen that night; 01:30 lasts an hour of real time (to 03:30 summer time).
    expect(times(slots)).toEqual(['01:00', '01:30', '03:00']);
    expect(slots.map((s) => s.startsAt)).toEqual(['2030-03-31T00:00:00.000Z', '2030-03-31T00:30:00.000Z', '2030-03-31T01:00:00.000Z']);
  });

  it('gives the visitor’s own time beside the gym’s when it differs', () => {
    const at = '2030-01-07T01:00:00.000Z'; // 08:00 in Bangkok
    expect(visitorTime(at, BKK, 'Asia/Bangkok')).toBeNull();
    expect(visitorTime(at, BKK, 'Asia/Ho_Chi_Minh')).toBeNull();
    expect(visitorTime(at, BKK, 'Europe/Paris')).toEqual({ date: MONDAY, time: '02:00' });
    // New York is still on the day before.
    expect(visitorTime(at, BKK, 'America/New_York')).toEqual({ date: '2030-01-06', time: '20:00' });
    expect(visitorTime(at, BKK, 'Asia/Kolkata')).toEqual({ date: MONDAY, time: '06:30' });
  });
});
