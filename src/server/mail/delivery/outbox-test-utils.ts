import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database';

// Tests only: make the database itself refuse outbox inserts (a real trigger, no mock), to show
// that the business row and its e-mail commit or fail together.
export async function breakOutbox(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`create trigger outbox_broken before insert on outbox begin select raise(abort, 'outbox unavailable'); end`.execute(db);
  } else {
    await sql`create or replace function outbox_broken() returns trigger as $$ begin raise exception 'outbox unavailable'; end $$ language plpgsql`.execute(db);
    await sql`create trigger outbox_broken before insert on outbox for each row execute function outbox_broken()`.execute(db);
  }
}

export async function repairOutbox(db: Db, dialect: Dialect): Promise<void> {
  await sql`drop trigger if exists outbox_broken${dialect === 'postgres' ? sql` on outbox` : sql``}`.execute(db);
  if (dialect === 'postgres') await sql`drop function if exists outbox_broken()`.execute(db);
}
