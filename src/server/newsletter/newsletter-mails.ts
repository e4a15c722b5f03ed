import type { Config } from '../config';
import type { OutgoingMail } from '../context';
import { gymName, type MailGym } from '../mail/templates';

// The newsletter's e-mails. Neither carries anything the visitor typed (not even a name): the
// confirmation goes to an address nobody has confirmed yet, and the form is open to anyone.

type UrlConfig = Pick<Config, 'publicUrl'>;
/** With the gym's facts as stored (site settings). */
type MailConfig = UrlConfig & { gym: MailGym };

/** The page that asks to confirm (a GET shows a button; only its POST confirms). */
export const confirmUrl = (config: UrlConfig, token: string) => `${config.publicUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`;

/** The unsubscribe link and the RFC 8058 one-click target: a POST unsubscribes, a GET shows a page. */
export const unsubscribeUrl = (config: UrlConfig, token: string) => `${config.publicUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

const signature = (config: MailConfig) => `-- \n${gymName(config)}\n${config.publicUrl}`;

export function newsletterConfirmMail(config: MailConfig, s: { to: string; token: string }): OutgoingMail {
  const lines = [
    'Hello,',
    '',
    `Someone (hopefully you) asked to receive the ${gymName(config)} newsletter at this address.`,
    'To confirm, open this link and press the button on the page:',
    '',
    confirmUrl(config, s.token),
    '',
    'If it was not you, ignore this e-mail: you will not be subscribed and we will not write again.',
    '',
    signature(config),
  ];
  return {
    to: s.to,
    subject: `Confirm your subscription to the ${gymName(config)} newsletter`,
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

/** Sent once the address is confirmed: the first newsletter e-mail. */
export function newsletterWelcomeMail(config: MailConfig, s: { to: string; unsubscribeToken: string }): OutgoingMail {
  const lines = [
    'Hello,',
    '',
    `Your subscription to the ${gymName(config)} newsletter is confirmed. We will keep you posted on classes, events and news from the gym.`,
    '',
    signature(config),
    '',
    `To stop receiving these e-mails, unsubscribe here: ${unsubscribeUrl(config, s.unsubscribeToken)}`,
  ];
  return {
    to: s.to,
    subject: `Welcome to the ${gymName(config)} newsletter`,
    text: lines.join('\n') + '\n',
    headers: listUnsubscribeHeaders(config, s.unsubscribeToken),
  };
}
