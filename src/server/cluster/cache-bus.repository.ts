import { sql } from 'kysely';
import type { Client } from 'pg';
import type { Db } from '../db/database';

// PostgreSQL's LISTEN/NOTIFY carries public cache invalidations between instances
// (cluster/cache-bus.ts). Channels are database-wide: the payload names the schema.

/** The one channel every instance listens on. */
export const CACHE_CHANNEL = 'gym_public_cache';

/** Sends a notification; delivered to listeners when the statement's transaction commits. */
export async function notifyInvalidation(db: Db, payload: string): Promise<void> {
  await sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`.execute(db);
}

/** Starts listening on the dedicated connection; returns its backend pid. */
export async function listenForInvalidations(client: Client): Promise<number> {
  await client.query(`LISTEN ${CACHE_CHANNEL}`);
  const res = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  return res.rows[0].pid;
}

/** A round trip on the listening connection: a silently dead one fails it. */
export async function pingListener(client: Client): Promise<void> {
  await client.query('select 1');
}
