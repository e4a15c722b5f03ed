// Building blocks of the answers' schemas: ids, timestamps, the customer's language, a page.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

export const id = z.number().int();
/**
 * The customer's language (issue 15): their e-mails speak it. In the back office's reads (paged
 * lists, one item) only: the answers SPEC.md §7 shows keep their exact shape.
 */
export const languageDto = z.enum(LANGUAGES).optional().describe("The customer's language (paged lists and single reads only)");
/** ISO 8601 text (toISOString()). */
export const timestamp = z.string().describe('ISO 8601 date-time');

/**
 * A page of a back-office list (issue 13), answered by the list endpoints when a search, filter,
 * sort or paging parameter is given (src/shared/schemas/lists.ts); without one they answer the array.
 */
export const pageOf = <T extends z.ZodType>(item: T) => ({
  items: z.array(item),
  /** Rows matching the search and filters, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
