import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeskLessonsDto, TrainerDto, TrainerReportDto, TrainerScheduleDto } from '../../../../shared/api-types/trainers';
import type { AvailabilityInput, TrainerCreateInput, TrainerPatchInput } from '../../../../shared/schemas/trainers';
import { apiRequest } from '../../../lib/api-client';

// Trainers and private lessons in the back office (issue 37): "Entraîneurs" (admins), the
// desk's "Cours privés" (staff) and "Mon planning" (a trainer's own).

const TRAINERS_KEY = ['/api/trainers/all'] as const;

export const useTrainers = () => useQuery<{ trainers: TrainerDto[] }>({ queryKey: TRAINERS_KEY });
export const useMyTrainer = () => useQuery<TrainerDto>({ queryKey: ['/api/trainers/me'] });
export const useSchedule = (id: number | undefined, from: string, days: number) =>
  useQuery<TrainerScheduleDto>({ queryKey: [`/api/trainers/${id}/schedule?from=${from}&days=${days}`], enabled: id !== undefined });
export const useDeskLessons = (date: string) => useQuery<DeskLessonsDto>({ queryKey: [`/api/private-lessons/day?date=${date}`] });
export const useTrainerReport = (month: string) => useQuery<TrainerReportDto>({ queryKey: [`/api/trainers/report?month=${month}`] });

/** Writes of "Entraîneurs": each refreshes the list. */
export function useTrainerWrites() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: TRAINERS_KEY });
  return {
    save: async (id: number | null, data: TrainerCreateInput | TrainerPatchInput) => {
      const out =
        id === null ? await apiRequest<TrainerDto>('POST', '/api/trainers', data) : await apiRequest<TrainerDto>('PATCH', `/api/trainers/${id}`, data);
      await done();
      return out;
    },
    availability: async (id: number, data: AvailabilityInput) => {
      await apiRequest('PUT', `/api/trainers/${id}/availability`, data);
      await done();
    },
  };
}

/** The desk's writes: book, move, cancel a lesson; each refreshes the day. */
export function useLessonWrites() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/private-lessons/day') });
  return {
    book: async (body: Record<string, unknown>) => {
      await apiRequest('POST', '/api/private-lessons', body);
      await done();
    },
    move: async (id: number, startsAt: string, trainerId?: number) => {
      await apiRequest('POST', `/api/private-lessons/${id}/move`, { startsAt, ...(trainerId ? { trainerId } : {}) });
      await done();
    },
    cancel: async (id: number) => {
      await apiRequest('PUT', `/api/reservations/${id}/cancel`);
      await done();
    },
  };
}
