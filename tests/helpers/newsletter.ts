import type { FastifyInstance } from 'fastify';

/**
 * Confirms sign-ups the way their e-mailed link does (double opt-in): the confirmation e-mail is
 * read from the outbox and its link's button is pressed (a POST). For suites that test what
 * staff see of subscribers rather than the sign-up itself.
 */
export async function confirmSubscribers(app: FastifyInstance, emails: string[]): Promise<void> {
  for (const email of emails.map((e) => e.toLowerCase())) {
    const mails = await app.ctx.db.selectFrom('outbox').select(['text_body']).where('to_address', '=', email).orderBy('id', 'desc').execute();
    const path = mails.map((m) => /\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(m.text_body)?.[0]).find(Boolean);
    if (!path) throw new Error(`no confirmation e-mail for ${email}`);
    const res = await app.inject({ method: 'POST', url: path });
    if (res.statusCode !== 200) throw new Error(`confirming ${email}: ${res.statusCode} ${res.body}`);
  }
}
