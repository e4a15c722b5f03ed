import type { Db } from '../db/database';
import type { SiteSettingsHistoryRow, SiteSettingsRow } from '../db/schema';

const ID = 1;

export const findSiteSettings = (db: Db): Promise<SiteSettingsRow | undefined> =>
  db.selectFrom('site_settings').selectAll().where('id', '=', ID).executeTakeFirst();

/**
 * Replaces the settings if the stored version is still `expected` (compared in the UPDATE's
 * WHERE, so two saves cannot both win); undefined when it is not.
 */
export const updateSiteSettings = (
  db: Db,
  expected: number,
  set: { data: string; updated_at: string; updated_by: number | null },
): Promise<SiteSettingsRow | undefined> =>
  db
    .updateTable('site_settings')
    .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
    .where('id', '=', ID)
    .where('version', '=', expected)
    .returningAll()
    .executeTakeFirst();

export const insertHistory = (db: Db, row: { version: number; data: string; changes: string; changed_at: string; changed_by: number | null }) =>
  db.insertInto('site_settings_history').values(row).execute();

export interface HistoryListRow {
  id: number;
  version: number;
  changes: string;
  changed_at: string;
  changed_by: number | null;
  user_name: string | null;
}

/** Newest first, without the settings themselves (the list shows who, when and what). */
export const listHistory = (db: Db, limit: number): Promise<HistoryListRow[]> =>
  db
    .selectFrom('site_settings_history as h')
    .leftJoin('users as u', 'u.id', 'h.changed_by')
    .select(['h.id', 'h.version', 'h.changes', 'h.changed_at', 'h.changed_by', 'u.name as user_name'])
    .orderBy('h.id', 'desc')
    .limit(limit)
    .execute();

export const findHistoryEntry = (db: Db, id: number): Promise<SiteSettingsHistoryRow | undefined> =>
  db.selectFrom('site_settings_history').selectAll().where('id', '=', id).executeTakeFirst();
