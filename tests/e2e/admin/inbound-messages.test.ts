import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { seedEmailConversation, type SeededMail } from '../../helpers/inbound-seed';
import { useBrowserSuite, WIDTHS } from '../helpers/fixture';
import { api } from './admin-helpers';

// Customers' e-mails at the desk (issue 22), at a phone's and a desktop's width: the Messages
// screen says how the gym mailbox is read; a conversation marks the e-mail, shows its HTML in a
// sandboxed frame that loads no remote image before the click, lists its attachments (the kept
// one downloads), warns about a bouncing address and says where the reply goes. The e-mail is
// seeded straight in the database, as the mail import leaves it.

/** Screenshots for a person to look at, in the system's temporary folder. */
function shot(name: string): string {
  const dir = path.join(os.tmpdir(), 'inbound-desk');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe('back office: e-mail messages', () => {
  // A stand-in for a remote image host, on loopback: it counts what it is asked for.
  const asked: string[] = [];
  const host = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(ONE_PIXEL_PNG);
  });
  let hostUrl = '';
  const base = loadConfig({}).inbound;
  const suite = useBrowserSuite({
    accounts: true,
    server: () => ({ inbound: { ...base, address: 'hello@gym.test', imapUrl: 'imaps://desk:secret@imap.invalid:993/INBOX' } }),
  });
  const { server, tokens } = suite;
  const errors: string[] = [];

  beforeAll(async () => {
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    await server.app.ctx.db
      .insertInto('inbound_mailboxes')
      .values({ mailbox: 'Gym', last_uid: 3, last_read_at: new Date(Date.now() - 120_000).toISOString(), updated_at: new Date().toISOString() })
      .execute();
  });
  afterAll(async () => {
    await new Promise((resolve) => host.close(resolve));
    expect(errors).toEqual([]);
  });

  for (const { name: screen, viewport } of WIDTHS) {
    describe(`at ${viewport.width} px (${screen})`, () => {
      let seeded: SeededMail;
      const email = `mail-${viewport.width}@example.com`;
      const image = () => `/gloves-${viewport.width}.png`;

      beforeAll(async () => {
        seeded = await seedEmailConversation(server.app.ctx, {
          email,
          name: `Mail Customer ${viewport.width}`,
          from: `other-${viewport.width}@work.example`,
          remoteImage: hostUrl + image(),
          bounce: true,
        });
      });

      it('the Messages screen shows the mailbox status and the badge counts unread conversations', async () => {
        const { page, errors: pageErrors, close } = await suite.page({ as: 'staff', viewport });
        try {
          await page.goto(server.url + '/admin/messages');
          const status = page.getByTestId('inbound-status');
          await status.getByText(/^Boîte Gym : lue il y a\s2\smin/).waitFor();
          const list = await api<{ unreadCount: number }[]>(server, 'GET', '/api/conversations', undefined, tokens.staff);
          const unread = list.filter((c) => c.unreadCount > 0).length;
          expect(unread).toBeGreaterThan(0);
          if (viewport.width < 1024) await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
          await expect(page.locator('[data-testid="unread-conversations-badge"]:visible').textContent()).resolves.toBe(String(unread));
          if (viewport.width < 1024) await page.getByRole('button', { name: 'Fermer le menu' }).click();
          await page.screenshot({ path: shot(`messages-${viewport.width}.png`), fullPage: true });
        } finally {
          errors.push(...pageErrors);
          await close();
        }
      });

      it('the subscriber list marks a bouncing subscriber, and only that one', async () => {
        const gone = `bounced-reader-${viewport.width}@example.com`;
        const fine = `fine-reader-${viewport.width}@example.com`;
        for (const address of [gone, fine]) await api(server, 'POST', '/api/newsletter-subscribers', { email: address, isActive: true });
        await server.app.ctx.db.insertInto('email_bounces').values({ email_key: gone, reason: '5.1.1', bounced_at: new Date().toISOString() }).execute();
        const { page, errors: pageErrors, close } = await suite.page({ as: 'staff', viewport });
        try {
          await page.goto(server.url + '/admin/newsletter');
          const row = (address: string) => page.getByTestId('subscriber-row').filter({ hasText: address });
          await row(gone).getByText('Adresse en échec').waitFor();
          await row(fine).waitFor();
          await expect(row(fine).getByText('Adresse en échec').count()).resolves.toBe(0);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        } finally {
          errors.push(...pageErrors);
          await close();
        }
      });

      it('the conversation marks the e-mail, frames its HTML without remote images until the click, lists its files, warns of the bounce', async () => {
        const { page, errors: pageErrors, close } = await suite.page({ as: 'staff', viewport });
        const requested: string[] = [];
        page.on('request', (r) => requested.push(r.url()));
        try {
          await page.goto(server.url + `/admin/messages/${seeded.conversationId}`);
          const mail = page.locator('[data-testid="message-bubble"]').filter({ has: page.getByTestId('by-email') });
          await mail.getByTestId('by-email').getByText(`from other-${viewport.width}@work.example`).waitFor();

          // The frame: sandboxed without scripts, its own policy, the text there, no remote request.
          const frameEl = mail.getByTestId('mail-html');
          await expect(frameEl.getAttribute('sandbox')).resolves.toBe('');
          const frame = page.frameLocator('[data-testid="mail-html"]');
          await frame.getByText('Here is the').waitFor();
          await expect(frame.locator('script').count()).resolves.toBe(0);
          await expect(page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).resolves.toBeUndefined();
          expect(requested.filter((u) => u.includes(image()))).toEqual([]);
          expect(asked.filter((u) => u === image())).toEqual([]);

          // Attachments: the kept PDF downloads with the session; the other is listed only.
          const files = mail.getByTestId('message-attachments');
          await files.getByText('notes.docx').waitFor();
          await files.getByText('not kept').waitFor();
          const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('button', { name: 'Download' }).click()]);
          expect(download.suggestedFilename()).toBe('receipt.pdf');

          // The bounce, in the header and under the reply box; where the reply goes.
          await page.getByTestId('bounce-warning').getByText(`E-mails to ${email} bounce`).waitFor();
          const note = page.locator('#reply-note');
          await expect(note.textContent()).resolves.toContain(`Your reply will be sent to ${email}.`);
          await expect(note.textContent()).resolves.toContain('the reply will not be delivered');
          await page.screenshot({ path: shot(`conversation-${viewport.width}.png`), fullPage: true });

          // The click: now the image is asked for, and shown.
          await mail.getByRole('button', { name: 'Show remote images' }).click();
          await expect.poll(() => asked.filter((u) => u === image()).length, { timeout: 10_000 }).toBeGreaterThan(0);
          await expect.poll(() => frame.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(1);
          await page.screenshot({ path: shot(`conversation-images-${viewport.width}.png`), fullPage: true });
        } finally {
          errors.push(...pageErrors);
          await close();
        }
      });
    });
  }
});
