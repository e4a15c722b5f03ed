// What the gym sells, by kind and by the classes covered: plain lists that the settings' schema and
// the catalogue (catalogue.ts, which re-exports them) both read.
/** Which classes a pass covers: the price table's columns (SPEC.md §9). */
export const PASS_COVERS = ['muay-thai', 'mma'] as const;
export type PassCovers = (typeof PASS_COVERS)[number];

/**
 * What a cell of the price table gives: one session; a day of unlimited classes; N days with one
 * session a day; N days unlimited; one private class.
 */
export const TABLE_PASS_KINDS = ['single', 'day', 'days-single', 'days-unlimited', 'private'] as const;
/** What an order may hold: a cell of the price table, or a long-stay programme (issue 35). */
export const PASS_KINDS = [...TABLE_PASS_KINDS, 'programme'] as const;
export type PassKind = (typeof PASS_KINDS)[number];
