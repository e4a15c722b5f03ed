import type { SiteSettings } from '../../shared/schemas/site-settings';
import { formatUtcOffset, zoneLabel, zoneOffsetMs } from '../../shared/gym-time';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/i18n/languages';
import { fullDateTimeIn, languageBase, mailMessages } from './i18n';
import type { Config } from '../config';
import type { OutgoingMail } from '../context';

// Plain-text e-mails the site sends (replies, contact notices); the booking e-mails are in
// booking-mails.ts, the newsletter's in newsletter/newsletter-mails.ts.

/** The gym's facts an e-mail names, as stored (site settings); read before any transaction. */
export type MailGym = Pick<SiteSettings, 'name'>;
type MailConfig = Pick<Config, 'publicUrl' | 'timezone'> & { gym: MailGym };

/** The gym's name, from the stored settings the caller passed. */
export function gymName(config: { gym: MailGym }): string {
  return config.gym.name;
}

/** `language`: the home page's address is the customer's language's (PUBLIC_URL/ru). */
function signature(config: MailConfig, language?: Language): string {
  return `-- \n${gymName(config)}\n${languageBase(config.publicUrl, language)}`;
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
  c: {
    to: string;
    customerName: string;
    subject: string;
    reply: string;
    original?: { content: string; createdAt: string };
    /** This e-mail's Message-ID, stored with the reply. */
    messageId?: string;
    /** The thread's earlier Message-IDs, oldest first. */
    thread?: string[];
    /** The conversation's language (issue 15): the framing speaks it, the staff's text stays as typed. */
    language?: Language;
  },
): OutgoingMail {
  const language = isLanguage(c.language) ? c.language : DEFAULT_LANGUAGE;
  const parts = [c.reply.trim(), '', signature(config, language)];
  if (c.original) {
    // Gym time, named: the customer wrote at the gym's hour, whatever the server's zone.
    const at = new Date(c.original.createdAt);
    const m = mailMessages(language);
    const english = language === 'en';
    const when = english ? formatter(config.timezone, true).format(at) : fullDateTimeIn(language, at, config.timezone);
    const zone = english ? zoneLabel(config.timezone, at) : formatUtcOffset(zoneOffsetMs(at, config.timezone));
    parts.push('', m.wrote(when, zone, c.customerName), quote(c.original.content));
  }
  const thread = c.thread ?? [];
  return {
    to: c.to,
    subject: `Re: ${c.subject}`,
    text: parts.join('\n') + '\n',
    // Answers from the customer reach the gym's inbox rather than a no-reply address.
    replyTo: config.notifyEmail ?? null,
    messageId: c.messageId ?? null,
    // RFC 5322 §3.6.4: In-Reply-To the latest earlier message, References the thread (the
    // first and the latest ten, so a long thread keeps a bounded header).
    headers:
      thread.length > 0
        ? { 'In-Reply-To': thread[thread.length - 1], References: (thread.length > 11 ? [thread[0], ...thread.slice(-10)] : thread).join(' ') }
        : null,
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

/** The reset link's page in the back office; the token travels as `?token=` (redacted in logs). */
export const passwordResetUrl = (config: Pick<Config, 'publicUrl'>, token: string): string =>
  `${config.publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;

/** To a staff member who asked for a new password (French, like the back office). */
export function passwordResetMail(config: MailConfig, r: { to: string; name: string; token: string; validMinutes: number }): OutgoingMail {
  const text = [
    `Bonjour ${r.name},`,
    '',
    `Une réinitialisation du mot de passe de votre compte d'administration ${gymName(config)} a été demandée.`,
    `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable ${r.validMinutes} minutes, une seule fois) :`,
    '',
    passwordResetUrl(config, r.token),
    '',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    '',
    signature(config),
  ];
  return { to: r.to, subject: `Réinitialisation de votre mot de passe — ${gymName(config)}`, text: text.join('\n') + '\n' };
}
