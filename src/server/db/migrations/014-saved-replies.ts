import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Saved replies (issue 13): texts the staff insert in a conversation's reply box, seeded with
// the gym's facts as they were when this migration was written (prices, how to find us, what to
// bring), copied here so that a later change to the site's constants does not rewrite history;
// staff edit them afterwards. conversation_messages.message_id: the Message-ID of the e-mail a message went out
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
  const prices = [
    '- 1 session: 250 THB (Muay Thai), 400 THB (MMA, Wrestling, BJJ, Luta Livre)',
    '- Full day pass: 600 THB (Muay Thai), 1,000 THB (MMA, Wrestling, BJJ, Luta Livre)',
    '- 1 week, one session/day: 1,500 THB (Muay Thai), 2,500 THB (MMA, Wrestling, BJJ, Luta Livre)',
    '- 1 week, full day: 3,500 THB (Muay Thai), 5,000 THB (MMA, Wrestling, BJJ, Luta Livre)',
    '- 1 month, one session/day: 6,500 THB (Muay Thai), 8,000 THB (MMA, Wrestling, BJJ, Luta Livre)',
    '- 1 month, full day: 12,000 THB (Muay Thai), 15,000 THB (MMA, Wrestling, BJJ, Luta Livre)',
    '- Private class: 1,000 THB (Muay Thai), 1,500 THB (MMA, Wrestling, BJJ, Luta Livre)',
  ];
  const bring = [
    '- Water',
    '- A towel',
    '- Comfortable sports clothes (shorts and a T-shirt)',
    '- Gloves and shin guards if you have them: they can be rented at the gym',
  ];
  const seed = [
    { title: 'Prices', content: `Here are our prices:\n${prices.join('\n')}` },
    {
      title: 'How to find us',
      content: [
        'We are at 88/8 Moo 2, Ao Nang Road, Ao Nang, Mueang Krabi, Krabi 81180, Thailand.',
        'Map: https://www.openstreetmap.org/?mlat=8.0322&mlon=98.8238#map=17/8.0322/98.8238',
        'WhatsApp: +66 81 234 5678 if you get lost on the way.',
      ].join('\n'),
    },
    { title: 'What to bring', content: `For your class, please bring:\n${bring.join('\n')}` },
  ];
  await db
    .insertInto('saved_replies')
    .values(seed.map((s) => ({ ...s, created_at: now, updated_at: now })))
    .execute();
}
