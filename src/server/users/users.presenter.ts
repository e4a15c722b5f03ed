import { toBool } from '../db/database';
import type { UserRow } from '../db/schema';
import type { SessionUserDto, UserDto, UserNameDto } from '../../shared/api-types';
export type { UserDto };

/** Never includes the password hash. */
export const presentUser = (u: UserRow): UserDto => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  isActive: toBool(u.is_active),
  createdAt: u.created_at,
  version: u.version,
});

/** The session's user, with the role flags the client reads. */
export const presentSessionUser = (u: UserRow, security?: { twoFactorEnabled: boolean; twoFactorSetupRequired: boolean }): SessionUserDto => ({
  ...presentUser(u),
  admin: u.role === 'admin',
  staff: u.role === 'staff' || u.role === 'admin',
  ...security,
});

/** The public author list: ids and names only. */
export const presentUserName = (u: Pick<UserRow, 'id' | 'name'>): UserNameDto => ({ id: u.id, name: u.name });
