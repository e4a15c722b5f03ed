import { zonedToInstant } from '../../src/shared/gym-time';
import { GYM_TIME_ZONE } from './sessions';

// What the private lessons' tests share: a trainer free all week, and gym wall times as instants.

/** Every day, 08:00 to 18:00 gym time. */
export const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '08:00', to: '18:00' }));

/** A gym date and time as the ISO instant the API takes. */
export const gymInstant = (date: string, time: string) => zonedToInstant(date, time, GYM_TIME_ZONE).toISOString();
