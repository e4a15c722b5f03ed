import { z } from 'zod';

// Trainers and private lessons (issue 37): the public trainer card, the admin's trainer, the
// availability and the slots a traveller can pick.

const id = z.number().int().positive();

/** GET /api/trainers: what anyone sees (the bio in the language asked). */
export const publicTrainerDtoSchema = z.object({
  id,
  name: z.string(),
  photoUrl: z.string().nullable(),
  disciplines: z.array(z.string()),
  languages: z.array(z.string()),
  bio: z.string(),
});
export type PublicTrainerDto = z.infer<typeof publicTrainerDtoSchema>;
export const publicTrainerListDtoSchema = z.object({ trainers: z.array(publicTrainerDtoSchema) });
export type PublicTrainerListDto = z.infer<typeof publicTrainerListDtoSchema>;

const windowDto = z.object({ weekday: z.number().int(), from: z.string(), to: z.string() });
const exceptionDto = z.object({ date: z.string(), from: z.string().nullable(), to: z.string().nullable(), off: z.boolean() });
export const trainerAvailabilityDtoSchema = z.object({ windows: z.array(windowDto), exceptions: z.array(exceptionDto) });
export type TrainerAvailabilityDto = z.infer<typeof trainerAvailabilityDtoSchema>;

const bioDto = z.object({
  en: z.string().optional(),
  ru: z.string().optional(),
  zh: z.string().optional(),
  de: z.string().optional(),
  fr: z.string().optional(),
  th: z.string().optional(),
});

/** The back office's trainer (GET /api/trainers/{id}, POST, PATCH). */
export const trainerDtoSchema = z.object({
  id,
  name: z.string(),
  photoUrl: z.string().nullable(),
  disciplines: z.array(z.string()),
  languages: z.array(z.string()),
  bio: bioDto,
  userId: id.nullable(),
  onLeave: z.boolean(),
  active: z.boolean(),
  share: z.object({ mode: z.enum(['percent', 'fixed']), value: z.number().int() }),
  position: z.number().int(),
  /** The private calendar feed's address (null when none or revoked). */
  calendarFeedUrl: z.string().nullable(),
  availability: trainerAvailabilityDtoSchema,
  version: z.number().int(),
});
export type TrainerDto = z.infer<typeof trainerDtoSchema>;
export const trainerListDtoSchema = z.object({ trainers: z.array(trainerDtoSchema) });

/** A slot a traveller can pick: gym date and time, and the instants. */
export const slotDtoSchema = z.object({
  trainerId: id,
  startsAt: z.string(),
  endsAt: z.string(),
  date: z.string(),
  time: z.string(),
});
export type SlotDto = z.infer<typeof slotDtoSchema>;
export const slotListDtoSchema = z.object({ slots: z.array(slotDtoSchema) });
export type SlotListDto = z.infer<typeof slotListDtoSchema>;

/** A trainer's lesson as their day and the desk show it (who booked it, for the trainer). */
const scheduleLesson = z.object({
  id,
  startsAt: z.string(),
  endsAt: z.string(),
  date: z.string(),
  time: z.string(),
  minutes: z.number().int(),
  guests: z.number().int(),
  discipline: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  attendance: z.string().nullable(),
});
/** A group class the trainer coaches that day (gym time). */
const scheduleClass = z.object({ date: z.string(), time: z.string(), minutes: z.number().int(), className: z.string() });

/** GET /api/trainers/{id}/schedule and each trainer of the desk's day. */
export const trainerScheduleDtoSchema = z.object({
  trainerId: id,
  name: z.string(),
  onLeave: z.boolean(),
  from: z.string(),
  days: z.number().int(),
  lessons: z.array(scheduleLesson),
  classes: z.array(scheduleClass),
});
export type TrainerScheduleDto = z.infer<typeof trainerScheduleDtoSchema>;
export const deskLessonsDtoSchema = z.object({ date: z.string(), trainers: z.array(trainerScheduleDtoSchema) });
export type DeskLessonsDto = z.infer<typeof deskLessonsDtoSchema>;

/** GET /api/trainers/report: one gym month, per trainer (paid on lessons taught). */
export const trainerReportDtoSchema = z.object({
  month: z.string(),
  trainers: z.array(
    z.object({
      trainerId: id,
      name: z.string(),
      lessonsTaught: z.number().int(),
      noShows: z.number().int(),
      cancelled: z.number().int(),
      /** What the lessons taught sold for. */
      revenueSatang: z.number().int(),
      share: z.object({ mode: z.enum(['percent', 'fixed']), value: z.number().int() }),
      shareSatang: z.number().int(),
    }),
  ),
});
export type TrainerReportDto = z.infer<typeof trainerReportDtoSchema>;
