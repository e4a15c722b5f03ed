import { fromBool, nowIso, type Db } from '../db/database';
import type { NewUser, UserRow, UserUpdate } from '../db/schema';

export const findUserByEmail = (db: Db, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findUserById = (db: Db, id: number): Promise<UserRow | undefined> => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const listUsers = (db: Db): Promise<UserRow[]> => db.selectFrom('users').selectAll().orderBy('id').execute();

export const listUserNames = (db: Db): Promise<{ id: number; name: string }[]> => db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();

/** Users who wrote a published post: the only names the public may see. */
export const listPublishedAuthors = (db: Db): Promise<{ id: number; name: string }[]> =>
  db
    .selectFrom('users')
    .select(['users.id', 'users.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('blog_posts as p')
          .select('p.id')
          .whereRef('p.author_id', '=', 'users.id')
          .where('p.published', '=', fromBool(true))
          .where('p.published_at', '<=', nowIso()),
      ),
    )
    .orderBy('users.id')
    .execute();

export const insertUser = (db: Db, user: NewUser): Promise<UserRow> => db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();

/** Applies an edit and bumps the version; with `expectedVersion` only while the row still has it. */
export function updateUser(db: Db, id: number, patch: UserUpdate, expectedVersion?: number): Promise<UserRow | undefined> {
  let q = db
    .updateTable('users')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return q.returningAll().executeTakeFirst();
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function countUsers(db: Db): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
