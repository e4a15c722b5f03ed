import type { Insertable } from 'kysely';
import type { ContactStatus } from '../../shared/constants';
import type { Db } from '../db/database';
import { anyColumnLike, type TextSearch } from '../db/search';
import type { ContactSubmissionRow, ContactSubmissionsTable } from '../db/schema';

export const insertSubmission = (db: Db, row: Insertable<ContactSubmissionsTable>): Promise<ContactSubmissionRow> =>
  db.insertInto('contact_submissions').values(row).returningAll().executeTakeFirstOrThrow();

/** A submission and the conversation it opened (the back office's card links to it). */
export type SubmissionWithConversation = ContactSubmissionRow & { conversation_id: number | null };

export const listSubmissions = (db: Db): Promise<SubmissionWithConversation[]> =>
  db
    .selectFrom('contact_submissions as s')
    .selectAll('s')
    .select((eb) => eb.selectFrom('conversations as c').select('c.id').whereRef('c.contact_submission_id', '=', 's.id').limit(1).as('conversation_id'))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();

export const updateSubmissionStatus = (db: Db, id: number, status: ContactStatus): Promise<ContactSubmissionRow | undefined> =>
  db.updateTable('contact_submissions').set({ status }).where('id', '=', id).returningAll().executeTakeFirst();

export interface ContactSearch {
  like?: TextSearch;
  status?: ContactStatus;
}

const SEARCHED = ['name', 'email', 'phone', 'subject', 'message'];

function searchedSubmissions(db: Db, f: ContactSearch) {
  let q = db.selectFrom('contact_submissions');
  if (f.like) q = q.where(anyColumnLike(SEARCHED, f.like));
  if (f.status) q = q.where('status', '=', f.status);
  return q;
}

/** A page of the back office's list (newest first) and the matching total. */
export async function searchSubmissions(
  db: Db,
  f: ContactSearch,
  limit: number,
  offset: number,
): Promise<{ rows: SubmissionWithConversation[]; total: number }> {
  const [rows, count] = await Promise.all([
    searchedSubmissions(db, f)
      .selectAll()
      // The conversation it opened, as in the full list (the card links to it).
      .select((eb) =>
        eb.selectFrom('conversations as c').select('c.id').whereRef('c.contact_submission_id', '=', 'contact_submissions.id').limit(1).as('conversation_id'),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    searchedSubmissions(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Bulk: sets the status of the named submissions; answers the ids that exist. */
export async function updateSubmissionStatuses(db: Db, ids: number[], status: ContactStatus): Promise<number[]> {
  const rows = await db.updateTable('contact_submissions').set({ status }).where('id', 'in', ids).returning('id').execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
