import { z } from 'zod';
import { paging } from './lists';

/** GET /api/review-requests?page=&pageSize= (newest first). */
export const reviewRequestListQuerySchema = z.object({ page: paging.page, pageSize: paging.pageSize });
export type ReviewRequestListQuery = z.infer<typeof reviewRequestListQuerySchema>;
