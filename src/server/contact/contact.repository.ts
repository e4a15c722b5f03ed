import type { Insertable } from 'kysely';
import type { ContactStatus } from '../../shared/constants';
import type { Db } from '../db/database';
import type { ContactSubmissionRow, ContactSubmissionsTable } from '../db/schema';

export const insertSubmission = (db: Db, row: Insertable<ContactSubmissionsTable>): Promise<ContactSubmissionRow> =>
  db.insertInto('contact_submissions').values(row).returningAll().executeTakeFirstOrThrow();

export const listSubmissions = (db: Db): Promise<ContactSubmissionRow[]> =>
  db.selectFrom('contact_submissions').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const updateSubmissionStatus = (db: Db, id: number, status: ContactStatus): Promise<ContactSubmissionRow | undefined> =>
  db.updateTable('contact_submissions').set({ status }).where('id', '=', id).returningAll().executeTakeFirst();
