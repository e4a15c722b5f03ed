import { SITE } from '../../shared/site';
import type { Config } from '../config';
import type { OutgoingMail } from '../context';

// Plain-text e-mails the site sends. Every text is built here so the wording lives in one place.

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

/** English date and time in the gym's time zone; a UTC-midnight value is a date only (SPEC §9). */
export function formatBookingDate(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0;
  return formatter(timeZone, !midnight).format(d);
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

export function bookingConfirmationMail(
  config: MailConfig & Pick<Config, 'notifyEmail'>,
  r: { to: string; name: string; course: string; dateTime: string; message: string | null },
): OutgoingMail {
  const lines = [
    `Hello ${r.name},`,
    '',
    `Thank you for booking with ${gymName()}. We have received your booking request:`,
    '',
    `Class: ${r.course}`,
    `Date: ${formatBookingDate(r.dateTime, config.timezone)}`,
  ];
  if (r.message) lines.push('', 'Your message:', quote(r.message));
  lines.push('', 'This is not yet a confirmation: the gym will confirm your booking shortly.');
  if (config.notifyEmail) lines.push('Just reply to this e-mail if you need to change anything.');
  lines.push('', signature(config));
  return { to: r.to, subject: 'Booking request received', text: lines.join('\n') + '\n', replyTo: config.notifyEmail ?? null };
}

export function bookingNotificationMail(
  config: MailConfig,
  to: string,
  r: { name: string; email: string | null; phone: string | null; course: string; dateTime: string; message: string | null },
): OutgoingMail {
  const lines = [
    'A new booking request arrived on the website.',
    '',
    `Name: ${r.name}`,
    `E-mail: ${r.email ?? '-'}`,
    `Phone: ${r.phone ?? '-'}`,
    `Class: ${r.course}`,
    `Date: ${formatBookingDate(r.dateTime, config.timezone)}`,
  ];
  if (r.message) lines.push('', 'Message:', quote(r.message));
  lines.push('', `Open the reservations: ${config.publicUrl}/admin/reservations`);
  return { to, subject: `New booking: ${r.name} — ${r.course}`, text: lines.join('\n') + '\n', replyTo: r.email };
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
