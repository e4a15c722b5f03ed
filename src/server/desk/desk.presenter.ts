import type { DeskDayDto, DeskSessionDto } from '../../shared/api-types';
import { withLanguage } from '../http/with-language';
import { presentReservation } from '../reservations/reservations.presenter';
import { occurrenceId, spotsLeft } from '../timetable/occurrence-rule';
import type { DeskDay, DeskSession } from './desk.service';

const presentDeskSession = (s: DeskSession): DeskSessionDto => ({
  id: occurrenceId(s.weeklySessionId, s.date),
  weeklySessionId: s.weeklySessionId,
  course: s.course,
  level: s.level,
  coach: s.coach,
  time: s.time,
  startsAt: s.startsAt.toISOString(),
  endsAt: s.endsAt.toISOString(),
  durationMinutes: s.durationMinutes,
  capacity: s.capacity,
  taken: s.taken,
  spotsLeft: spotsLeft(s),
  cancelled: s.cancelled,
  // Each booking's language (issue 15): the desk is the back office's, not SPEC.md §7's.
  roster: s.roster.map((r) => ({ ...withLanguage(presentReservation(r), r), pass: r.pass, owedSatang: r.owedSatang, waiver: r.waiver })),
});

export const presentDeskDay = (d: DeskDay): DeskDayDto => ({
  date: d.date,
  timezone: d.timezone,
  zoneLabel: d.zoneLabel,
  closed: d.closed,
  sessions: d.sessions.map(presentDeskSession),
});
