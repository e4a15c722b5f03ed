import { TRANSLATED_LANGUAGES, type Language } from '../../shared/i18n/languages';
import type { DescriptionTranslations } from '../../shared/schemas/timetable';
import type { ClassDto, ClosureDto, PublicClassDto, SessionCancellationDto, SessionDto, WeeklySessionDto } from '../../shared/schemas/timetable';
import { toBool } from '../db/database';
import type { ClassRow, ClosureRow } from '../db/schema';
import type { CancellationWithSession, WeeklySessionWithClass } from './timetable.repository';
import { occurrenceId, spotsLeft, type Occurrence } from './occurrence-rule';

export const presentSession = (o: Occurrence): SessionDto => {
  const left = spotsLeft(o);
  return {
    id: occurrenceId(o.weeklySessionId, o.date),
    weeklySessionId: o.weeklySessionId,
    classId: o.classId,
    course: o.course,
    level: o.level,
    coach: o.coach,
    startsAt: o.startsAt.toISOString(),
    endsAt: o.endsAt.toISOString(),
    date: o.date,
    time: o.time,
    durationMinutes: o.durationMinutes,
    capacity: o.capacity,
    spotsLeft: left,
    full: left === 0,
  };
};

/** The stored translations (JSON), keeping only non-empty texts of known languages. */
export function descriptionTranslationsOf(c: Pick<ClassRow, 'description_translations'>): DescriptionTranslations {
  let stored: unknown;
  try {
    stored = JSON.parse(c.description_translations);
  } catch {
    return {};
  }
  if (stored === null || typeof stored !== 'object') return {};
  const out: DescriptionTranslations = {};
  for (const l of TRANSLATED_LANGUAGES) {
    const text = (stored as Record<string, unknown>)[l];
    if (typeof text === 'string' && text.trim() !== '') out[l] = text;
  }
  return out;
}

/** The description a page in `language` shows: its translation, else the English. */
const descriptionIn = (c: ClassRow, language: Language) => (language === 'en' ? undefined : descriptionTranslationsOf(c)[language]) ?? c.description;

export const presentPublicClass = (
  { class: c, schedule }: { class: ClassRow; schedule: PublicClassDto['schedule'] },
  language: Language = 'en',
): PublicClassDto => ({
  id: c.id,
  name: c.name,
  description: descriptionIn(c, language),
  level: c.level,
  durationMinutes: c.duration_minutes,
  byAppointment: toBool(c.by_appointment),
  schedule,
});

export const presentClass = (c: ClassRow): ClassDto => ({
  id: c.id,
  name: c.name,
  description: c.description,
  descriptionTranslations: descriptionTranslationsOf(c),
  level: c.level,
  durationMinutes: c.duration_minutes,
  byAppointment: toBool(c.by_appointment),
  sortOrder: c.sort_order,
  active: toBool(c.active),
  createdAt: c.created_at,
  updatedAt: c.updated_at,
});

export const presentWeeklySession = (s: WeeklySessionWithClass): WeeklySessionDto => ({
  id: s.id,
  classId: s.class_id,
  className: s.class_name,
  weekday: s.weekday,
  startTime: s.start_time,
  capacity: s.capacity,
  coach: s.coach,
  active: toBool(s.active),
  createdAt: s.created_at,
  updatedAt: s.updated_at,
});

export const presentCancellation = (c: CancellationWithSession): SessionCancellationDto => ({
  id: c.id,
  weeklySessionId: c.weekly_session_id,
  className: c.class_name,
  date: c.session_date,
  startTime: c.start_time,
  reason: c.reason,
  createdAt: c.created_at,
});

export const presentClosure = (c: ClosureRow): ClosureDto => ({
  id: c.id,
  startDate: c.start_date,
  endDate: c.end_date,
  reason: c.reason,
  createdAt: c.created_at,
});
