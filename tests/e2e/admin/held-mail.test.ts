import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { attemptFailed, beginAttempt } from '../../../src/server/inbound/inbound-failures.repository';
import { insertHeldMail, insertInboundMail } from '../../../src/server/inbound/inbound.repository';
import { useBrowserSuite, WIDTHS } from '../helpers/fixture';

// Issue 33 points 2 and 4 on the Messages screen, at a phone's and a desktop's width: a mail
// whose import failed 3 times (quarantined) and a mail from a sender the receiving server could
// not verify (held) are listed with their reason; staff retry or set aside the first kind and
// remove the second from the list; each action reaches the database and the audit log. Seeded
// straight in the database, as the mailbox reader leaves them.

/** Screenshots for a person to look at, in the system's temporary folder. */
function shot(name: string): string {
  const dir = path.join(os.tmpdir(), 'held-mail');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

describe('back office: mails held back from the mailbox', () => {
  const base = loadConfig({}).inbound;
  const suite = useBrowserSuite({
    accounts: true,
    server: () => ({ inbound: { ...base, address: 'hello@gym.test', imapUrl: 'imaps://desk:secret@imap.invalid:993/INBOX' } }),
  });
  const { server } = suite;
  const errors: string[] = [];
  afterAll(() => expect(errors).toEqual([]));

  for (const { name: screen, viewport } of WIDTHS) {
    describe(`at ${viewport.width} px (${screen})`, () => {
      const w = viewport.width;
      // Two quarantined mails (one to retry, one to set aside) and one held mail.
      const retryUid = w * 10 + 1;
      const dismissUid = w * 10 + 2;
      let heldId = 0;

      beforeAll(async () => {
        const db = server.app.ctx.db;
        for (const [uid, error] of [
          [retryUid, 'parse time limit: over 20 s'],
          [dismissUid, `invalid byte sequence for encoding "UTF8": 0x00 (mail ${w})`],
        ] as const) {
          const ref = { mailbox: 'INBOX', uidValidity: '7', uid };
          for (let i = 0; i < 3; i++) {
            await beginAttempt(db, ref, { messageId: `<held-${uid}-${'x'.repeat(60)}@mail.example>`, size: 220 * 1024 });
            await attemptFailed(db, ref, error, i === 2);
          }
        }
        const key = `unverified-${w}@mail.example`;
        await insertInboundMail(db, {
          message_key: key,
          mailbox: 'INBOX',
          uid: w * 10 + 3,
          from_address: `ana.${w}@customer.example`,
          subject: `Change my booking ${w}`,
          outcome: 'rejected',
          conversation_id: null,
          conversation_message_id: null,
          detail: 'sender not verified: dmarc=fail',
          sent_at: null,
          created_at: new Date().toISOString(),
        });
        await insertHeldMail(db, key, {
          from_address: `ana.${w}@customer.example`,
          from_name: 'Ana Silva',
          subject: `Change my booking ${w}`,
          content: 'Please move my Tuesday class to Thursday and send the refund to my new account.',
          reason: 'dmarc=fail (header.from=customer.example)',
          created_at: new Date().toISOString(),
          dismissed_at: null,
        });
        heldId = (await db.selectFrom('inbound_held_mails').select('id').where('subject', '=', `Change my booking ${w}`).executeTakeFirstOrThrow()).id;
      });

      it('lists both kinds with their reason; retry, set aside and remove work and are audited', async () => {
        const db = server.app.ctx.db;
        const { page, errors: pageErrors, close } = await suite.page({ as: 'staff', viewport });
        try {
          await page.goto(server.url + '/admin/messages');
          const status = page.getByTestId('inbound-status');
          const quarantined = (uid: number) => status.getByTestId('held-mail-row').filter({ hasText: `E-mail n° ${uid} de INBOX` });
          await quarantined(retryUid).getByText('mis en quarantaine après 3 essais').waitFor();
          await quarantined(retryUid).getByText('Raison : parse time limit: over 20 s', { exact: false }).waitFor();
          await quarantined(dismissUid).getByText('0x00', { exact: false }).waitFor();
          const unverified = status.getByTestId('unverified-mail-row').filter({ hasText: `Change my booking ${w}` });
          await unverified.getByText(`Se présente comme Ana Silva <ana.${w}@customer.example>`, { exact: false }).waitFor();
          await unverified.getByText('Vérification : dmarc=fail (header.from=customer.example)').waitFor();
          await status.getByText('Expéditeur non vérifié', { exact: false }).waitFor();
          // Nothing runs past the screen's edge.
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          await page.screenshot({ path: shot(`held-${w}.png`), fullPage: true });

          // Retry: asked for the next read; its buttons go.
          await quarantined(retryUid).getByRole('button', { name: 'Réessayer' }).click();
          await quarantined(retryUid)
            .getByText(`E-mail n° ${retryUid} de INBOX, 220 Ko — nouvel essai demandé (à la prochaine lecture)`, { exact: true })
            .waitFor();
          await expect(quarantined(retryUid).getByRole('button').count()).resolves.toBe(0);
          // Set aside: it leaves the list.
          await quarantined(dismissUid).getByRole('button', { name: 'Écarter' }).click();
          await quarantined(dismissUid).waitFor({ state: 'detached' });
          // The held mail is removed from the list.
          await unverified.getByRole('button', { name: 'Retirer' }).click();
          await unverified.waitFor({ state: 'detached' });

          const statusOf = async (uid: number) =>
            (await db.selectFrom('inbound_failures').select(['status', 'attempts']).where('uid', '=', uid).executeTakeFirstOrThrow()).status;
          expect(await statusOf(retryUid)).toBe('retry');
          expect(await statusOf(dismissUid)).toBe('dismissed');
          expect(
            (await db.selectFrom('inbound_held_mails').select('dismissed_at').where('id', '=', heldId).executeTakeFirstOrThrow()).dismissed_at,
          ).not.toBeNull();
          const audited = await db
            .selectFrom('audit_log')
            .select(['route', 'status'])
            .where('route', 'in', ['/api/inbound/failures/:id/retry', '/api/inbound/failures/:id/dismiss', '/api/inbound/held/:id/dismiss'])
            .where('entity_id', 'in', [
              String(heldId),
              ...(await db.selectFrom('inbound_failures').select('id').where('uid', 'in', [retryUid, dismissUid]).execute()).map((r) => String(r.id)),
            ])
            .execute();
          expect(audited.map((a) => a.route).sort()).toEqual([
            '/api/inbound/failures/:id/dismiss',
            '/api/inbound/failures/:id/retry',
            '/api/inbound/held/:id/dismiss',
          ]);
          expect(audited.map((a) => a.status).filter((s) => s < 200 || s >= 300)).toEqual([]);
          await page.screenshot({ path: shot(`held-${w}-after.png`), fullPage: true });
        } finally {
          errors.push(...pageErrors);
          await close();
        }
      });
    });
  }
});
