import { LANGUAGE_TAGS, type Language } from '../../../shared/i18n/languages';
import { fullAddressOf } from '../../../shared/site-settings-data';
import type { SiteSettings } from '../../../shared/schemas/site-settings';
import type { Config } from '../../config';
import type { OutgoingMail } from '../outgoing-mail';
import { escapeHtml } from '../../lib/escape-html';
import { languageBase } from './i18n';

// The layout of the booking e-mails: each is a list of blocks written out twice, as plain text
// and as HTML, so both name the same facts; the gym's name, address and site sign it off.

/** What the layout reads of the configuration and of the gym's stored settings. */
export type LayoutConfig = Pick<Config, 'publicUrl' | 'notifyEmail'> & { gym: Pick<SiteSettings, 'name' | 'address'> & Partial<Pick<SiteSettings, 'email'>> };

export interface Fact {
  label: string;
  value: string;
  /** The value is a link (http/https only). */
  href?: string;
  /** Shown struck through in HTML (the old time of a moved booking). */
  struck?: boolean;
}

export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'facts'; rows: Fact[] }
  | { kind: 'list'; title: string; items: readonly string[] }
  | { kind: 'action'; label: string; href: string }
  | { kind: 'note'; text: string }
  /** The visitor's own words, kept line by line. */
  | { kind: 'quote'; text: string }
  /** A picture attached inline (its attachment's cid); the text version shows `alt`. */
  | { kind: 'image'; cid: string; alt: string; width: number };

export const p = (text: string): Block => ({ kind: 'p', text });

export function checkedUrl(url: string): string {
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(url)) throw new Error(`not a web link: ${JSON.stringify(url)}`);
  return url;
}

function textOf(blocks: Block[], config: LayoutConfig, site: string): string {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'p' || b.kind === 'note') out.push(b.text);
    else if (b.kind === 'image') out.push(`[${b.alt}]`);
    else if (b.kind === 'quote')
      out.push(
        b.text
          .replace(/\r\n?/g, '\n')
          .split('\n')
          .map((l) => (l ? `> ${l}` : '>'))
          .join('\n'),
      );
    else if (b.kind === 'facts') {
      const width = Math.max(...b.rows.map((r) => r.label.length)) + 2;
      out.push(b.rows.map((r) => `${`${r.label}:`.padEnd(width)}${r.value}${r.href && r.href !== r.value ? ` <${r.href}>` : ''}`).join('\n'));
    } else if (b.kind === 'list') out.push(`${b.title}\n${b.items.map((i) => `- ${i}`).join('\n')}`);
    else out.push(`${b.label}:\n${b.href}`);
  }
  out.push(`-- \n${config.gym.name}\n${fullAddressOf(config.gym)}\n${site}`);
  return out.join('\n\n') + '\n';
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const e = escapeHtml;

function htmlBlock(b: Block): string {
  switch (b.kind) {
    case 'p':
      return `<p style="margin:0 0 16px;">${e(b.text)}</p>`;
    case 'quote':
      return `<p style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d4d4d8;white-space:pre-wrap;">${e(b.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;color:#52525b;">${e(b.text)}</p>`;
    case 'facts':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="margin:0 0 16px;border-collapse:collapse;">` +
        b.rows
          .map((r) => {
            let value = r.href ? `<a href="${e(r.href)}" style="color:#b91c1c;">${e(r.value)}</a>` : e(r.value);
            if (r.struck) value = `<s>${value}</s>`;
            return `<tr><td valign="top" style="padding:6px 12px 6px 0;font-weight:bold;white-space:nowrap;width:90px;">${e(r.label)}</td><td valign="top" style="padding:6px 0;">${value}</td></tr>`;
          })
          .join('') +
        `</table>`
      );
    case 'image':
      return `<p style="margin:0 0 16px;text-align:center;"><img src="cid:${e(b.cid)}" width="${b.width}" height="${b.width}" alt="${e(b.alt)}" style="display:inline-block;background:#ffffff;"></p>`;
    case 'list':
      return `<p style="margin:0 0 8px;font-weight:bold;">${e(b.title)}</p><ul style="margin:0 0 16px;padding-left:20px;">${b.items.map((i) => `<li style="margin:0 0 4px;">${e(i)}</li>`).join('')}</ul>`;
    case 'action':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;"><tr>` +
        `<td style="background:#b91c1c;border-radius:6px;"><a href="${e(b.href)}" style="display:inline-block;padding:12px 20px;color:#ffffff;font-weight:bold;text-decoration:none;">${e(b.label)}</a></td>` +
        `</tr></table>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all;">${e(b.href)}</p>`
      );
  }
}

function htmlOf(title: string, blocks: Block[], config: LayoutConfig, site: string, language: Language): string {
  return (
    `<!DOCTYPE html><html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f4f5;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;${FONT}font-size:16px;line-height:1.5;color:#18181b;">` +
    `<tr><td style="background:#18181b;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;">${e(config.gym.name)}</td></tr>` +
    `<tr><td style="padding:24px;">${blocks.map(htmlBlock).join('')}</td></tr>` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:13px;color:#71717a;">${e(config.gym.name)} · ${e(fullAddressOf(config.gym))}<br><a href="${e(site)}" style="color:#71717a;">${e(site)}</a></td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}

/** Marks the e-mails as sent by a program: no vacation auto-replies back (RFC 3834). */
const AUTO_HEADERS = { 'Auto-Submitted': 'auto-generated' };

/**
 * Where a customer's answer goes: GYM_NOTIFY_EMAIL when set, else the gym's e-mail from the
 * settings (Paramètres), never MAIL_FROM's address (often a no-reply one).
 */
export const gymReplyTo = (config: Pick<Config, 'notifyEmail'> & { gym: Partial<Pick<SiteSettings, 'email'>> }): string | null =>
  config.notifyEmail ?? (config.gym.email || null);

export function mail(
  config: LayoutConfig,
  to: string,
  subject: string,
  blocks: Block[],
  extra: Partial<OutgoingMail>,
  language: Language = 'en',
): OutgoingMail {
  const site = languageBase(config.publicUrl, language);
  return {
    to,
    subject,
    text: textOf(blocks, config, site),
    html: htmlOf(subject, blocks, config, site, language),
    replyTo: gymReplyTo(config),
    headers: AUTO_HEADERS,
    ...extra,
  };
}
