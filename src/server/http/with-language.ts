import type { Language } from '../../shared/i18n/languages';

/**
 * A DTO with the row's language (issue 15), for the back office's reads: the paged lists and
 * single items. SPEC.md §7's answers (plain lists, the public POSTs) keep their exact shape.
 */
export const withLanguage = <T extends object>(dto: T, row: { language: Language }): T & { language: Language } => ({ ...dto, language: row.language });
