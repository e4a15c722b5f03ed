import type { Db } from '../db/database';
import type { NewUser, UserRow, UserUpdate } from '../db/schema';

export const findUserByEmail = (db: Db, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findUserById = (db: Db, id: number): Promise<UserRow | undefined> => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const listUsers = (db: Db): Promise<UserRow[]> => db.selectFrom('users').selectAll().orderBy('id').execute();

export const listUserNames = (db: Db): Promise<{ id: number; name: string }[]> => db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();

export const insertUser = (db: Db, user: NewUser): Promise<UserRow> => db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();

export const updateUser = (db: Db, id: number, patch: UserUpdate): Promise<UserRow | undefined> =>
  db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst();

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
