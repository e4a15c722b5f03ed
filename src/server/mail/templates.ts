import { SITE } from '../../shared/site';
import type { Config } from '../config';
import type { OutgoingMail } from '../context';

// Plain-text e-mails the site sends (replies, contact and newsletter notices); the booking
// e-mails are in booking-mails.ts.

type MailConfig = Pick<Config, 'publicUrl' | 'timezone'>;

/** The gym's name, from the site facts (src/shared/site.ts). */
export function gymName(): string {
  return SITE.name;
}

function signature(config: MailConfig): string {
  return `-- \n${gymName()}\n${config.publicUrl}`;
}

const quote = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => (l ? `> ${l}` : '>'))
    .join('\n');

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', withTime ? { timeZone, dateStyle: 'full', timeStyle: 'short' } : { timeZone: 'UTC', dateStyle: 'full' });
    formatters.set(key, f);
  }
  return f;
}

export function replyMail(
  config: MailConfig & Pick<Config, 'notifyEmail'>,
  c: { to: string; customerName: string; subject: string; reply: string; original?: { content: string; createdAt: string } },
): OutgoingMail {
  const parts = [c.reply.trim(), '', signature(config)];
  if (c.original) {
    const when = formatter('UTC', true).format(new Date(c.original.createdAt));
    parts.push('', `On ${when} UTC, ${c.customerName} wrote:`, quote(c.original.content));
  }
  return {
    to: c.to,
    subject: `Re: ${c.subject}`,
    text: parts.join('\n') + '\n',
    // Answers from the customer reach the gym's inbox rather than a no-reply address.
    replyTo: config.notifyEmail ?? null,
  };
}

export function contactNotificationMail(
  config: MailConfig,
  to: string,
  c: { conversationId: number; name: string; email: string; phone: string | null; subject: string; message: string },
): OutgoingMail {
  const lines = [
    'A new message arrived through the contact form.',
    '',
    `From: ${c.name} <${c.email}>`,
    ...(c.phone ? [`Phone: ${c.phone}`] : []),
    `Subject: ${c.subject}`,
    '',
    quote(c.message),
    '',
    `Reply from the back office: ${config.publicUrl}/admin/messages/${c.conversationId}`,
  ];
  return { to, subject: `New message: ${c.subject}`, text: lines.join('\n') + '\n', replyTo: c.email };
}

export function unsubscribeUrl(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function newsletterWelcomeMail(config: MailConfig, s: { to: string; name: string | null; token: string }): OutgoingMail {
  const lines = [
    s.name ? `Hello ${s.name},` : 'Hello,',
    '',
    `Thank you for subscribing to the ${gymName()} newsletter. We will keep you posted on classes, events and news from the gym.`,
    '',
    signature(config),
    '',
    `To stop receiving these e-mails, unsubscribe here: ${unsubscribeUrl(config, s.token)}`,
  ];
  return { to: s.to, subject: `Welcome to the ${gymName()} newsletter`, text: lines.join('\n') + '\n' };
}
