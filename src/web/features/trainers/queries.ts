import { queryOptions } from '@tanstack/react-query';
import type { PublicTrainerListDto } from '../../../shared/api-types/trainers';
import { apiGet, type GetJson } from '../../lib/api-client';

/** The trainers with their bio in the page's language (GET /api/trainers, server-rendered). */
export const trainersQuery = (language: string, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['trainers', language],
    queryFn: () => get<PublicTrainerListDto>(language === 'en' ? '/api/trainers' : `/api/trainers?language=${language}`),
  });
