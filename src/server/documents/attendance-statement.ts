// An order's attendance statement (issue 35, point 6; decision 151): one line per month of the
// order's dates up to the day it is made (gym time), with the sessions the desk marked present and
// the days and classes they were. English, like the visa letter it backs up.
import { instantToZoned } from '../../shared/gym-time';
import { PdfWriter, longDate, type Letterhead } from './pdf-document';

export interface AttendanceData {
  letterhead: Letterhead;
  holder: string;
  orderReference: string;
  passName: string;
  startDate: string;
  endDate: string;
  /** A programme's plan; null for a pass without one. */
  sessionsPerWeek: number | null;
  /** Gym date the statement is made. */
  madeOn: string;
  timeZone: string;
  sessions: { sessionDate: string; dateTime: string; course: string }[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthName = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

/** Every month ('YYYY-MM') from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 240; guard += 1) {
    const ym = `${y}-${String(m).padStart(2, '0')}`;
    if (ym > last) break;
    out.push(ym);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** "2, 3, 5 (×2), 9": the days of a month with sessions, twice-a-day sessions counted. */
function dayList(dates: string[]): string {
  const counts = new Map<number, number>();
  for (const d of dates) counts.set(Number(d.slice(8, 10)), (counts.get(Number(d.slice(8, 10))) ?? 0) + 1);
  return [...counts.entries()].map(([day, n]) => (n > 1 ? `${day} (x${n})` : String(day))).join(', ');
}

export async function renderAttendanceStatement(a: AttendanceData): Promise<Uint8Array> {
  const w = await PdfWriter.create({ title: `Attendance ${a.orderReference}`, author: a.letterhead.legalName });
  w.letterhead(a.letterhead);
  w.text('ATTENDANCE STATEMENT', { size: 18, bold: true, after: 8 });
  const until = a.madeOn < a.endDate ? a.madeOn : a.endDate;
  const rows: [string, string][] = [
    ['Student', a.holder],
    ['Order reference', a.orderReference],
    ['Course', a.passName],
    ['Dates', `${longDate(a.startDate)} to ${longDate(a.endDate)}`],
  ];
  if (a.sessionsPerWeek) rows.push(['Planned', `${a.sessionsPerWeek} sessions a week`]);
  rows.push(['Sessions attended', `${a.sessions.length} (${longDate(a.startDate)} to ${longDate(until < a.startDate ? a.startDate : until)})`]);
  rows.push(['Statement date', longDate(a.madeOn)]);
  w.rows(rows, { after: 14 });

  const byMonth = new Map<string, typeof a.sessions>();
  for (const s of a.sessions) byMonth.set(s.sessionDate.slice(0, 7), [...(byMonth.get(s.sessionDate.slice(0, 7)) ?? []), s]);
  const months = until >= a.startDate ? monthsBetween(a.startDate, until) : [];
  w.table(
    ['Month', 'Sessions', 'Days attended'],
    months.map((ym) => {
      const list = byMonth.get(ym) ?? [];
      return [monthName(ym), String(list.length), list.length ? dayList(list.map((s) => s.sessionDate)) : '-'];
    }),
    [0.25, 0.15, 0.6],
  );
  w.space(14);
  // The classes, so a reader sees which training the marks are for (the list stays short: one line per class).
  const classes = new Map<string, number>();
  for (const s of a.sessions) classes.set(s.course, (classes.get(s.course) ?? 0) + 1);
  if (classes.size > 0) w.rows([['Classes', [...classes.entries()].map(([c, n]) => `${c}: ${n}`).join('\n')]], { after: 10 });
  const first = a.sessions[0];
  const last = a.sessions[a.sessions.length - 1];
  if (first && last) {
    const t = (s: typeof first) => `${longDate(s.sessionDate)}, ${instantToZoned(s.dateTime, a.timeZone).time}`;
    w.rows(
      [
        ['First session', t(first)],
        ['Latest session', t(last)],
      ],
      { after: 10 },
    );
  }
  w.text(
    `Sessions as marked present by the gym's front desk. Days and times are the gym's local time (${a.timeZone}).` +
      (until < a.endDate ? ` Counted until ${longDate(until < a.startDate ? a.startDate : until)}; the course continues after it.` : ''),
    { size: 9, muted: true },
  );
  return w.save();
}
