import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classify } from './classify';
import { parseMail, type ParsedInbound } from './parse-mail';

const OWN = new Set(['hello@gym.example', 'no-reply@gym.example']);
const fixture = (name: string, vars: Record<string, string> = {}) => {
  let text = fs.readFileSync(fileURLToPath(new URL(`../../../tests/fixtures/inbound/${name}`, import.meta.url)), 'utf8');
  for (const [k, v] of Object.entries(vars)) text = text.split(`{{${k}}}`).join(v);
  return parseMail(Buffer.from(text.replace(/\r?\n/g, '\r\n')));
};

/** A plain customer mail with these headers (lower-case names) and subject. */
function mail(headers: Record<string, string> = {}, subject = 'Re: Trial class', from = 'ana@example.com'): ParsedInbound {
  return {
    messageId: null,
    messageKey: 'k',
    fromAddress: from,
    fromName: null,
    subject,
    sentAt: null,
    recipients: [],
    inReplyTo: [],
    references: [],
    headers: new Map(Object.entries(headers).map(([k, v]) => [k, [v]])),
    contentType: 'text/plain',
    reportType: null,
    text: 'Hello',
    hasPlainPart: true,
    html: null,
    attachments: [],
  };
}

describe('classify', () => {
  it('takes an ordinary reply for a customer, Auto-Submitted: no included', () => {
    expect(classify(mail(), OWN)).toEqual({ kind: 'customer' });
    expect(classify(mail({ 'auto-submitted': 'no' }), OWN)).toEqual({ kind: 'customer' });
    expect(classify(mail({ 'x-auto-response-suppress': 'All', 'thread-index': 'AQHa' }), OWN)).toEqual({ kind: 'customer' });
    expect(classify(mail({}, 'Re: Is the office open on Sunday?'), OWN)).toEqual({ kind: 'customer' });
  });

  it.each([
    [{ 'auto-submitted': 'auto-replied' }, 'Auto-Submitted: auto-replied'],
    [{ 'auto-submitted': 'auto-generated' }, 'Auto-Submitted: auto-generated'],
    [{ 'x-autoreply': 'yes' }, 'X-Autoreply'],
    [{ 'x-autorespond': 'Vacation' }, 'X-Autorespond'],
    [{ precedence: 'auto_reply' }, 'Precedence: auto_reply'],
    [{ precedence: 'bulk' }, 'Precedence: bulk'],
    [{ precedence: 'junk' }, 'Precedence: junk'],
  ])('sets aside an automatic answer by its headers %j', (headers, detail) => {
    expect(classify(mail(headers), OWN)).toEqual({ kind: 'auto-reply', detail });
  });

  it.each([
    'Out of Office: Trial class',
    'Automatic reply: Trial class',
    'Abwesenheitsnotiz: Probetraining',
    'Réponse automatique : Cours',
    'Автоответ: Пробное занятие',
    '自动回复: 试课',
    'Re: Out of office',
  ])('sets aside an out-of-office subject without headers: %s', (subject) => {
    expect(classify(mail({}, subject), OWN).kind).toBe('auto-reply');
  });

  it('sets aside our own addresses, plus-tagged ones included', () => {
    expect(classify(mail({}, 'x', 'Hello@Gym.example'), OWN)).toEqual({ kind: 'own', detail: 'from hello@gym.example' });
    expect(classify(mail({}, 'x', 'hello+c4.abcdefghij@gym.example'), OWN).kind).toBe('own');
  });

  it('reads a DSN: the failed recipient from Final-Recipient, 5.x.x permanent', async () => {
    const parsed = await fixture('bounce.eml', { RCPT: 'Gone@Example.net' });
    expect(classify(parsed, OWN)).toEqual({
      kind: 'bounce',
      recipient: 'gone@example.net',
      status: '5.1.1',
      permanent: true,
      detail: 'gone@example.net, status 5.1.1, failed',
      quotedIds: [],
      quotedTags: [],
    });
  });

  it("reads the returned mail's Message-ID from its headers part, folded or not", async () => {
    const raw = fs
      .readFileSync(fileURLToPath(new URL('../../../tests/fixtures/inbound/bounce.eml', import.meta.url)), 'utf8')
      .split('{{RCPT}}')
      .join('gone@example.net')
      .replace('Subject: Re: Hello\n', 'Subject: Re: Hello\nMessage-ID:\n <Ours-1@Gym.Test>\n');
    const verdict = classify(await parseMail(Buffer.from(raw.replace(/\r?\n/g, '\r\n'))), OWN);
    expect(verdict).toMatchObject({ kind: 'bounce', recipient: 'gone@example.net', quotedIds: ['ours-1@gym.test'] });
  });

  it('takes a 4.x.x delay report for a bounce that is not permanent', async () => {
    const raw = (await fs.promises.readFile(fileURLToPath(new URL('../../../tests/fixtures/inbound/bounce.eml', import.meta.url)), 'utf8'))
      .replaceAll('{{RCPT}}', 'slow@example.net')
      .replace('Action: failed', 'Action: delayed')
      .replace('Status: 5.1.1', 'Status: 4.4.1');
    const verdict = classify(await parseMail(Buffer.from(raw)), OWN);
    expect(verdict).toMatchObject({ kind: 'bounce', recipient: 'slow@example.net', status: '4.4.1', permanent: false });
  });

  it('takes a mailer-daemon mail without a report for a bounce without recipient', () => {
    expect(classify(mail({}, 'Delivery failure', 'MAILER-DAEMON@mx.example.net'), OWN)).toMatchObject({ kind: 'bounce', recipient: null, permanent: false });
  });

  it('puts the bounce before the auto-reply (reports carry Auto-Submitted too) and the Gmail reply among customers', async () => {
    expect((await fixture('bounce.eml', { RCPT: 'x@example.net' })).headers.get('auto-submitted')).toEqual(['auto-replied']);
    expect(classify(await fixture('auto-reply.eml'), OWN).kind).toBe('auto-reply');
    expect(classify(await fixture('own-address.eml'), OWN).kind).toBe('own');
    expect(classify(await fixture('gmail-reply.eml', { IN_REPLY_TO: '<a@b>', REFERENCES: '<a@b>' }), OWN)).toEqual({ kind: 'customer' });
  });
});
