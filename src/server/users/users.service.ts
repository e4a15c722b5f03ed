import type { UserCreateInput, UserUpdateInput } from '../../shared/schemas/auth';
import { endAccountAccess } from '../auth/account.service';
import { forgetFirstAdminPassword } from '../auth/first-admin-file';
import { hashPassword } from '../auth/password';
import type { AppContext } from '../context';
import { fromBool, isUniqueViolation, nowIso, toBool } from '../db/database';
import type { UserRow, UserUpdate } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import * as repo from './users.repository';
import { NO_SELF_DEACTIVATE, NO_SELF_DELETE, NO_SELF_ROLE, STALE_EDIT } from '../../shared/messages';

export const EMAIL_TAKEN = 'Un utilisateur avec cet e-mail existe déjà';
export { NO_SELF_DEACTIVATE, NO_SELF_DELETE, NO_SELF_ROLE };
export const USER_NOT_FOUND = 'Utilisateur introuvable';

export async function createUser(ctx: AppContext, input: UserCreateInput): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    user = await repo.insertUser(ctx.db, {
      email: input.email,
      name: input.name,
      password_hash: passwordHash,
      role: input.role,
      is_active: fromBool(input.isActive),
      created_at: nowIso(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
  // The user is stored: from here nothing may turn the answer into an error.
  // The public author list (GET /api/users) is cached.
  ctx.publicCache.invalidate('users');
  await ctx.stats.increment('user_created');
  return user;
}

/**
 * An admin edits a user. A change of e-mail, password, role or active flag ends every session,
 * half-done two-factor sign-in and open reset link of that user (`actorTokenHash`: an admin's own
 * edit keeps the session it was made with).
 */
export async function updateUser(ctx: AppContext, actor: UserRow, id: number, input: UserUpdateInput, actorTokenHash?: string): Promise<UserRow> {
  const current = await repo.findUserById(ctx.db, id);
  if (!current) throw notFound(USER_NOT_FOUND);
  if (id === actor.id) {
    if (input.isActive === false) throw forbidden(NO_SELF_DEACTIVATE);
    if (input.role !== undefined && input.role !== actor.role) throw forbidden(NO_SELF_ROLE);
  }
  const patch: UserUpdate = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.email !== undefined) patch.email = input.email;
  if (input.role !== undefined) patch.role = input.role;
  if (input.isActive !== undefined) patch.is_active = fromBool(input.isActive);
  if (input.password !== undefined) patch.password_hash = await hashPassword(input.password);
  try {
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.updateUser(trx, id, patch, input.version);
      if (!row) throw (await repo.findUserById(trx, id)) ? conflict(STALE_EDIT.user, 'stale_version') : notFound(USER_NOT_FOUND);
      const accessChanged =
        input.password !== undefined ||
        (input.email !== undefined && input.email !== current.email) ||
        (input.role !== undefined && input.role !== current.role) ||
        (input.isActive !== undefined && input.isActive !== toBool(current.is_active));
      if (accessChanged) await endAccountAccess(trx, id, id === actor.id ? actorTokenHash : undefined);
      return row;
    });
    if (!updated) throw notFound(USER_NOT_FOUND);
    if (input.password !== undefined) await forgetFirstAdminPassword(ctx, id);
    // The public author list and the posts (their author's name) show it.
    ctx.publicCache.invalidate('users');
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

export async function deleteUser(ctx: AppContext, actor: UserRow, id: number): Promise<void> {
  if (id === actor.id) throw forbidden(NO_SELF_DELETE);
  // Sessions and push subscriptions go with the user (ON DELETE CASCADE).
  if (!(await repo.deleteUser(ctx.db, id))) throw notFound(USER_NOT_FOUND);
  ctx.publicCache.invalidate('users');
}

export const listUsers = (ctx: AppContext) => repo.listUsers(ctx.db);
export const listUserNames = (ctx: AppContext) => repo.listUserNames(ctx.db);
/** Ids and names of the authors of published posts: all an anonymous caller sees. */
export const listPublishedAuthors = (ctx: AppContext) => repo.listPublishedAuthors(ctx.db);
