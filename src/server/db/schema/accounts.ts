// Staff accounts: users, sessions, password resets, two-factor, sign-in counters, the audit log.
import type { Generated } from 'kysely';
import type { Role } from '../../../shared/constants';
import type { DbBool } from './columns';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  role: Role;
  is_active: DbBool;
  created_at: string;
  /** Bumped by every edit; a save naming an older one is refused (migration 013). */
  version: Generated<number>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Last request made with it, written at most once a minute (null only for a session made before migration 027 by an older instance). */
  last_used_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the link's token. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface TwoFactorTable {
  user_id: number;
  /** Base32 TOTP secret once enrolled. */
  secret: string | null;
  /** Shown at enrolment, kept until a code confirms it. */
  pending_secret: string | null;
  enabled_at: string | null;
  last_step: number | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface LoginChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface AttemptCountersTable {
  key: string;
  count: number;
  window_start: string;
}

/** Migration 010: one back-office write, sign-in or sign-out (never a value of the payload). */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: string;
  /** The signed-in account, or the account a sign-in named when it succeeded. */
  user_id: number | null;
  /** The account's e-mail at the time, or the address a failed sign-in tried. */
  user_email: string | null;
  method: string;
  /** The route pattern (/api/blog-posts/:id), never the URL with its query. */
  route: string;
  entity_type: string | null;
  entity_id: string | null;
  status: number;
  ip: string | null;
  /** Names of the fields sent, never their values. */
  summary: string | null;
}
