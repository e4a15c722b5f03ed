import { addDays, isoWeekday } from '../../../../shared/gym-time';
import { CLASS_LEVELS, OPEN_WEEKDAYS, type ClassLevel } from '../../../../shared/schemas/timetable';
import { gymToday } from '../../lib/format';

export const WEEKDAY_LABELS: Record<number, string> = { 1: 'Lundi', 2: 'Mardi', 3: 'Mercredi', 4: 'Jeudi', 5: 'Vendredi', 6: 'Samedi', 7: 'Dimanche' };
export const LEVEL_LABELS: Record<ClassLevel, string> = { Beginner: 'Débutants', 'All Levels': 'Tous niveaux' };
export const levelOptions = CLASS_LEVELS.map((l) => ({ value: l, label: LEVEL_LABELS[l] }));
export const weekdayOptions = OPEN_WEEKDAYS.map((d) => ({ value: String(d), label: WEEKDAY_LABELS[d] }));

/** The next date (from today, gym time) falling on an ISO weekday. */
export function nextDateOn(weekday: number, today = gymToday()): string {
  return addDays(today, (weekday - isoWeekday(today) + 7) % 7);
}
