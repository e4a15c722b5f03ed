import type { Config } from '../config';
import type { OutgoingMail } from '../context';
import type { Language } from '../../shared/i18n/languages';
import { languageBase, mailMessages } from '../mail/templates/i18n';
import { gymName, type MailGym } from '../mail/templates/site-mails';

// The newsletter's e-mails. Neither carries anything the visitor typed (not even a name): the
// confirmation goes to an address nobody has confirmed yet, and the form is open to anyone.

type UrlConfig = Pick<Config, 'publicUrl'>;
/** With the gym's facts as stored (site settings). */
type MailConfig = UrlConfig & { gym: MailGym };

/** The page that asks to confirm (a GET shows a button; only its POST confirms). */
export const confirmUrl = (config: UrlConfig, token: string) => `${config.publicUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`;

/** The unsubscribe link and the RFC 8058 one-click target: a POST unsubscribes, a GET shows a page. */
export const unsubscribeUrl = (config: UrlConfig, token: string) => `${config.publicUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

const signature = (config: MailConfig, language: Language | undefined) => `-- \n${gymName(config)}\n${languageBase(config.publicUrl, language)}`;

/** `language`: the sign-up page's (issue 15); absent: English. */
export function newsletterConfirmMail(config: MailConfig, s: { to: string; token: string; language?: Language }): OutgoingMail {
  const m = mailMessages(s.language);
  const lines = [
    m.newsletterHello,
    '',
    m.newsletterConfirmAsked(gymName(config)),
    m.newsletterConfirmHow,
    '',
    confirmUrl(config, s.token),
    '',
    m.newsletterConfirmNotYou,
    '',
    signature(config, s.language),
  ];
  return {
    to: s.to,
    subject: m.newsletterConfirmSubject(gymName(config)),
    text: lines.join('\n') + '\n',
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * Headers every newsletter e-mail carries: List-Unsubscribe with the https link, and
 * List-Unsubscribe-Post so mail clients unsubscribe in one click (RFC 8058: a POST to the link).
 */
export const listUnsubscribeHeaders = (config: UrlConfig, unsubscribeToken: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl(config, unsubscribeToken)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** A mail to a confirmed subscriber: greeting, its body, the signature, and the unsubscribe link and headers. */
function subscriberMail(
  config: MailConfig,
  s: { to: string; unsubscribeToken: string; language?: Language },
  subject: string,
  body: string[],
  headers: Record<string, string> = {},
): OutgoingMail {
  const m = mailMessages(s.language);
  const lines = [m.newsletterHello, '', ...body, '', signature(config, s.language), '', m.newsletterUnsubscribe(unsubscribeUrl(config, s.unsubscribeToken))];
  return { to: s.to, subject, text: lines.join('\n') + '\n', headers: { ...headers, ...listUnsubscribeHeaders(config, s.unsubscribeToken) } };
}

/** Sent once the address is confirmed: the first newsletter e-mail. */
export function newsletterWelcomeMail(config: MailConfig, s: { to: string; unsubscribeToken: string; language?: Language }): OutgoingMail {
  const m = mailMessages(s.language);
  return subscriberMail(config, s, m.newsletterWelcomeSubject(gymName(config)), [m.newsletterWelcome(gymName(config))]);
}

/**
 * A sign-up for an address already confirmed: the form answered as for any sign-up, so the
 * owner is told here, with the unsubscribe link every newsletter e-mail carries.
 */
export function newsletterAlreadySubscribedMail(config: MailConfig, s: { to: string; unsubscribeToken: string; language?: Language }): OutgoingMail {
  const m = mailMessages(s.language);
  return subscriberMail(config, s, m.newsletterAlreadySubject(gymName(config)), [m.newsletterAlready(gymName(config)), m.newsletterAlreadyNothing], {
    'Auto-Submitted': 'auto-generated',
  });
}
