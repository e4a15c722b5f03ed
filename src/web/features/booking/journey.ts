// The booking page as a journey (issue 36 §6): the step and every choice made so far live in
// the address (?what=stay&step=when&checkIn=…), so the back button, a reload and a link sent by
// WhatsApp all land on the same step. Steps change by page loads (links and GET forms), which
// also work before any JavaScript. Nothing personal ever goes in the address: the name and the
// e-mail stay in the page's form or in this tab's storage.

export const WHATS = ['class', 'pass', 'programme', 'stay', 'private'] as const;
export type What = (typeof WHATS)[number];

export const STEPS = ['what', 'when', 'who', 'pay'] as const;
export type Step = (typeof STEPS)[number];

/** The journey's state as read from the address; unknown values fall back to the first step. */
export interface Journey {
  what: What | null;
  step: Step;
  /** A stay's dates (YYYY-MM-DD, gym dates), guests and the room type chosen. */
  checkIn: string;
  checkOut: string;
  guests: number;
  room: number | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isWhat = (v: string | null): v is What => WHATS.includes(v as What);
const isStep = (v: string | null): v is Step => STEPS.includes(v as Step);

export function readJourney(search: string): Journey {
  const q = new URLSearchParams(search);
  const what = q.get('what');
  const step = q.get('step');
  const guests = Number(q.get('guests'));
  const room = Number(q.get('room'));
  const date = (k: string) => (DATE.test(q.get(k) ?? '') ? q.get(k)! : '');
  const j: Journey = {
    what: isWhat(what) ? what : null,
    step: 'what',
    checkIn: date('checkIn'),
    checkOut: date('checkOut'),
    guests: Number.isInteger(guests) && guests >= 1 && guests <= 20 ? guests : 1,
    room: Number.isInteger(room) && room > 0 ? room : null,
  };
  if (!j.what) return j;
  // A step further than the choices allow goes back to the last one they allow.
  let s: Step = isStep(step) && step !== 'what' ? step : 'when';
  if (j.what === 'stay' && (s === 'who' || s === 'pay') && !(j.checkIn && j.checkOut && j.room)) s = 'when';
  return { ...j, step: s };
}

/** The address of a step: the journey's choices plus `next`, in a stable order. */
export function journeySearch(j: Partial<Journey>, next: Partial<Journey> = {}): string {
  const all = { ...j, ...next };
  const q = new URLSearchParams();
  if (all.what) q.set('what', all.what);
  if (all.step && all.what) q.set('step', all.step);
  if (all.what === 'stay') {
    if (all.checkIn) q.set('checkIn', all.checkIn);
    if (all.checkOut) q.set('checkOut', all.checkOut);
    if (all.checkIn && all.guests) q.set('guests', String(all.guests));
    if (all.room) q.set('room', String(all.room));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
