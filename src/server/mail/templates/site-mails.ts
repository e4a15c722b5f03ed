import type { SiteSettings } from '../../../shared/schemas/site-settings';
import { dateTimeFormat, formatUtcOffset, zoneLabel, zoneOffsetMs } from '../../../shared/gym-time';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages';
import { fullDateTimeIn, languageBase, mailMessages } from './i18n';
import type { Config } from '../../config';
import type { OutgoingMail } from '../outgoing-mail';
import { gymReplyTo } from './mail-layout';

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

export function replyMail(
  config: MailConfig & Pick<Config, 'notifyEmail'> & { gym: Partial<Pick<SiteSettings, 'email'>> },
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
    /** The conversation's tagged inbound address (INBOUND_ADDRESS set); else the gym's inbox. */
    replyTo?: string | null;
  },
): OutgoingMail {
  const language = isLanguage(c.language) ? c.language : DEFAULT_LANGUAGE;
  const parts = [c.reply.trim(), '', signature(config, language)];
  if (c.original) {
    // Gym time, named: the customer wrote at the gym's hour, whatever the server's zone.
    const at = new Date(c.original.createdAt);
    const m = mailMessages(language);
    const english = language === 'en';
    const when = english
      ? dateTimeFormat('en-US', { timeZone: config.timezone, dateStyle: 'full', timeStyle: 'short' }).format(at)
      : fullDateTimeIn(language, at, config.timezone);
    const zone = english ? zoneLabel(config.timezone, at) : formatUtcOffset(zoneOffsetMs(at, config.timezone));
    parts.push('', m.wrote(when, zone, c.customerName), quote(c.original.content));
  }
  return {
    to: c.to,
    subject: `Re: ${c.subject}`,
    text: parts.join('\n') + '\n',
    // Answers from the customer reach the conversation's tagged inbound address when the
    // mailbox is read, else the gym's inbox (GYM_NOTIFY_EMAIL, else the e-mail in Paramètres),
    // never MAIL_FROM's no-reply address.
    replyTo: c.replyTo ?? gymReplyTo(config),
    messageId: c.messageId ?? null,
    headers: threadHeaders(c.thread ?? []),
  };
}

/**
 * RFC 5322 §3.6.4: In-Reply-To the latest earlier message, References the thread (the first and
 * the latest ten, so a long thread keeps a bounded header).
 */
export function threadHeaders(thread: readonly string[]): Record<string, string> | null {
  if (thread.length === 0) return null;
  return { 'In-Reply-To': thread[thread.length - 1], References: (thread.length > 11 ? [thread[0], ...thread.slice(-10)] : thread).join(' ') };
}

/**
 * To the customer who sent the contact form: we have it, and a reply to this e-mail joins the
 * conversation. Fixed words only, in their language: neither their subject, their message nor
 * their name (DESIGN: no visitor's free text goes to an address nobody confirmed).
 */
export function contactAckMail(
  config: MailConfig & Pick<Config, 'notifyEmail'> & { gym: Partial<Pick<SiteSettings, 'email'>> },
  c: {
    to: string;
    language?: Language;
    /** This e-mail's own Message-ID. */
    messageId: string;
    /** The customer's message's Message-ID: the acknowledgement answers it. */
    inReplyTo: string;
    replyTo?: string | null;
  },
): OutgoingMail {
  const language = isLanguage(c.language) ? c.language : DEFAULT_LANGUAGE;
  const m = mailMessages(language);
  const gym = gymName(config);
  const text = [m.newsletterHello, '', m.contactAckReceived(gym), '', m.contactAckReply, '', m.contactAckNotYou, '', signature(config, language)];
  return {
    to: c.to,
    subject: m.contactAckSubject(gym),
    text: text.join('\n') + '\n',
    replyTo: c.replyTo ?? gymReplyTo(config),
    messageId: c.messageId,
    // Sent by a program: vacation responders do not answer it (RFC 3834).
    headers: { ...threadHeaders([c.inReplyTo]), 'Auto-Submitted': 'auto-generated' },
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
