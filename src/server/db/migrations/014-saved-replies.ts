import type { Kysely } from 'kysely';
import { fullAddress, PRICES, SITE, WHAT_TO_BRING } from '../../../shared/site';

// Frozen: never edit a migration that has shipped; add a new one.
// Saved replies (issue 13): texts the staff insert in a conversation's reply box, seeded with
// the gym's facts of the day this runs (prices, how to find us, what to bring); staff edit them
// afterwards. conversation_messages.message_id: the Message-ID of the e-mail a message went out
// as (a staff reply) or was announced with (a contact message's notice to the gym), so a reply
// names the thread in In-Reply-To/References. Independent of every other migration but 001.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const table = db.schema.createTable('saved_replies');
  await (
    dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('conversation_messages').addColumn('message_id', 'text').execute();

  const now = new Date().toISOString();
  const prices = PRICES.map((p) => `- ${p.item}: ${p.muayThai} THB (Muay Thai), ${p.other} THB (MMA, Wrestling, BJJ, Luta Livre)`).join('\n');
  const seed = [
    { title: 'Prices', content: `Here are our prices:\n${prices}` },
    {
      title: 'How to find us',
      content: `We are at ${fullAddress()}.\nMap: ${SITE.mapLinkUrl}\nWhatsApp: ${SITE.whatsapp} if you get lost on the way.`,
    },
    { title: 'What to bring', content: `For your class, please bring:\n${WHAT_TO_BRING.map((w) => `- ${w}`).join('\n')}` },
  ];
  await db
    .insertInto('saved_replies')
    .values(seed.map((s) => ({ ...s, created_at: now, updated_at: now })))
    .execute();
}
