import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { fullAddressOf } from '../../shared/site-settings-data';
import { escapeHtml } from '../lib/escape-html';
import { messageIdHost } from '../mail/mail-address';
import { languageBase, mailMessages } from '../mail/templates/i18n';

// A campaign's e-mail (issue 48 point 3): the Markdown rendered by the blog's own renderer
// (react-markdown with remark-gfm, raw HTML dropped) into an HTML part with a hidden preheader,
// and walked into a plain-text part for phone mail apps (no hard wraps, links on their own
// line); both end with the gym's postal address and the recipient's unsubscribe link.
// Rendered once per campaign and language with placeholders, then filled in per recipient.

export type PerLanguage = Partial<Record<Language, string>>;

export interface CampaignContent {
  subject: PerLanguage;
  preheader: PerLanguage;
  bodyMarkdown: PerLanguage;
}

export interface GymFacts {
  publicUrl: string;
  gym: Pick<SiteSettings, 'name' | 'address' | 'legal'>;
}

/** A rendered e-mail whose links and unsubscribe link are placeholders (fill()). */
export interface CampaignTemplate {
  language: Language;
  subject: string;
  preheader: string;
  html: string;
  text: string;
}

const LINK_MARK = (n: number) => `__CAMPAIGN_LINK_${n}__`;
const LINK_MARKS = /__CAMPAIGN_LINK_(\d+)__/g;
const UNSUBSCRIBE_MARK = '__CAMPAIGN_UNSUBSCRIBE__';

/** The language a subscriber gets: theirs when the campaign has a body in it, else English. */
export const campaignLanguage = (c: Pick<CampaignContent, 'bodyMarkdown'>, language: Language): Language =>
  c.bodyMarkdown[language]?.trim() ? language : 'en';

/** The gym's postal address for the footer: the legal one when filled in, else the site's. */
export const postalAddress = (gym: GymFacts['gym']): string =>
  (gym.legal?.address ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(', ') || fullAddressOf(gym);

/** A link as the e-mail carries it: absolute (a site path gets the site's address), http(s) only. */
export function absoluteLink(href: string, publicUrl: string): string | null {
  try {
    const url = new URL(href, `${publicUrl}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** mdast, as far as the text part and the link list read it. */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  alt?: string | null;
  depth?: number;
  ordered?: boolean | null;
  start?: number | null;
  children?: MdNode[];
}

function parse(markdown: string): MdNode {
  let tree: MdNode | undefined;
  // A remark plugin that only keeps the syntax tree; Markdown() runs synchronously, outside React.
  const keepTree: NonNullable<Options['remarkPlugins']>[number] = () => (root: MdNode) => {
    tree = root;
  };
  Markdown({ children: markdown, remarkPlugins: [remarkGfm, keepTree], skipHtml: true });
  return tree ?? { type: 'root', children: [] };
}

/** Every web link of the bodies (all languages), absolute, in order of first appearance. */
export function campaignLinks(c: Pick<CampaignContent, 'bodyMarkdown'>, publicUrl: string): string[] {
  const found = new Set<string>();
  const walk = (n: MdNode) => {
    if (n.type === 'link' && n.url) {
      const url = absoluteLink(n.url, publicUrl);
      if (url) found.add(url);
    }
    n.children?.forEach(walk);
  };
  for (const body of Object.values(c.bodyMarkdown)) if (body) walk(parse(body));
  return [...found];
}

// ---- plain text ------------------------------------------------------------------------------

function inline(n: MdNode, link: (url: string) => string, publicUrl: string): string {
  switch (n.type) {
    case 'text':
    case 'inlineCode':
      return n.value ?? '';
    case 'break':
      return '\n';
    case 'image':
      return n.alt ? `[${n.alt}]` : '';
    case 'html':
    case 'footnoteReference':
      return '';
    case 'link': {
      const label = (n.children ?? []).map((c) => inline(c, link, publicUrl)).join('');
      const url = n.url ? absoluteLink(n.url, publicUrl) : null;
      if (!url) return label;
      // On a phone a long link reads best on a line of its own, after its words.
      return label && label !== n.url ? `${label}\n${link(url)}\n` : link(url);
    }
    default:
      return (n.children ?? []).map((c) => inline(c, link, publicUrl)).join('');
  }
}

function blocks(n: MdNode, link: (url: string) => string, publicUrl: string): string[] {
  const kids = (node: MdNode) => (node.children ?? []).flatMap((c) => blocks(c, link, publicUrl));
  // Lines of a block: no blank line inside it, no space at either end (a link's line break leaves one).
  const text = (node: MdNode) =>
    inline(node, link, publicUrl)
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join('\n');
  switch (n.type) {
    case 'root':
      return kids(n);
    case 'heading':
      return [n.depth && n.depth <= 2 ? text(n).toUpperCase() : text(n)];
    case 'paragraph':
      return [text(n)].filter(Boolean);
    case 'blockquote':
      return [
        kids(n)
          .join('\n\n')
          .split('\n')
          .map((l) => (l ? `> ${l}` : '>'))
          .join('\n'),
      ];
    case 'list':
      return [
        (n.children ?? [])
          .map((item, i) => {
            const mark = n.ordered ? `${(n.start ?? 1) + i}.` : '-';
            const body = kids(item).join('\n');
            return `${mark} ${body.split('\n').join('\n   ')}`;
          })
          .join('\n'),
      ];
    case 'code':
      return [n.value ?? ''];
    case 'thematicBreak':
      return ['———'];
    case 'table':
      return [(n.children ?? []).map((row) => (row.children ?? []).map(text).join(' | ')).join('\n')];
    case 'html':
    case 'definition':
    case 'footnoteDefinition':
    case 'yaml':
      return [];
    default:
      return [text(n)].filter(Boolean);
  }
}

// ---- HTML ------------------------------------------------------------------------------------

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const e = escapeHtml;

function htmlComponents(link: (url: string) => string, publicUrl: string): Components {
  const el = (tag: string, style: string) => {
    const Tag = ({ children }: { children?: ReactNode }) => createElement(tag, { style: parseStyle(style) }, children);
    return Tag;
  };
  return {
    a: ({ href, children }) => {
      const url = href ? absoluteLink(href, publicUrl) : null;
      return url ? createElement('a', { href: link(url), style: { color: '#b91c1c' } }, children) : createElement('span', null, children);
    },
    img: ({ src, alt }) => {
      const url = typeof src === 'string' ? absoluteLink(src, publicUrl) : null;
      // Lazy: React's server render would otherwise add a <link rel="preload"> for it.
      return url ? createElement('img', { src: url, alt: alt ?? '', loading: 'lazy', style: { maxWidth: '100%', height: 'auto', display: 'block' } }) : null;
    },
    h1: el('h2', 'margin:0 0 16px;font-size:22px;line-height:1.3;'),
    h2: el('h2', 'margin:0 0 16px;font-size:20px;line-height:1.3;'),
    h3: el('h3', 'margin:0 0 12px;font-size:18px;'),
    p: el('p', 'margin:0 0 16px;'),
    ul: el('ul', 'margin:0 0 16px;padding-left:20px;'),
    ol: el('ol', 'margin:0 0 16px;padding-left:20px;'),
    blockquote: el('blockquote', 'margin:0 0 16px;padding:8px 12px;border-left:3px solid #d4d4d8;color:#3f3f46;'),
  };
}

function parseStyle(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of style.split(';')) {
    const i = part.indexOf(':');
    if (i > 0)
      out[
        part
          .slice(0, i)
          .trim()
          .replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())
      ] = part.slice(i + 1).trim();
  }
  return out;
}

function markdownHtml(markdown: string, link: (url: string) => string, publicUrl: string): string {
  return renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm], skipHtml: true, components: htmlComponents(link, publicUrl) }, markdown));
}

/**
 * The e-mail of a campaign in one language, its links given by `link` (a placeholder per link
 * for a template, the link itself for a preview or a test) and its unsubscribe link by
 * `unsubscribe`.
 */
export function renderCampaign(
  facts: GymFacts,
  c: CampaignContent,
  wanted: Language,
  opts: { link: (url: string) => string; unsubscribe: string; testNote?: string },
): CampaignTemplate {
  const language = campaignLanguage(c, wanted);
  const subject = (c.subject[language] ?? c.subject.en ?? '').trim();
  const preheader = (c.preheader[language] ?? c.preheader.en ?? '').trim();
  const body = c.bodyMarkdown[language] ?? c.bodyMarkdown.en ?? '';
  const site = languageBase(facts.publicUrl, language);
  const name = facts.gym.name;
  const address = postalAddress(facts.gym);
  const m = mailMessages(language);
  const unsubscribeSentence = m.newsletterUnsubscribe(opts.unsubscribe);

  const textBlocks = blocks(parse(body), opts.link, facts.publicUrl);
  const text = [...(opts.testNote ? [opts.testNote] : []), ...textBlocks, `-- \n${name}\n${address}\n${site}`, unsubscribeSentence].join('\n\n');

  // The sentence names the link; in HTML the link is the link.
  const at = unsubscribeSentence.indexOf(opts.unsubscribe);
  const unsubscribeHtml =
    at >= 0
      ? `${e(unsubscribeSentence.slice(0, at))}<a href="${e(opts.unsubscribe)}" style="color:#71717a;">${e(opts.unsubscribe)}</a>${e(unsubscribeSentence.slice(at + opts.unsubscribe.length))}`
      : e(unsubscribeSentence);
  const hiddenPreheader = preheader
    ? `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${e(preheader)}${'&#847;&zwnj;&nbsp;'.repeat(30)}</div>`
    : '';
  const html =
    `<!DOCTYPE html><html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f4f5;">${hiddenPreheader}` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;${FONT}font-size:16px;line-height:1.5;color:#18181b;">` +
    `<tr><td style="background:#18181b;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;">${e(name)}</td></tr>` +
    (opts.testNote ? `<tr><td style="padding:12px 24px;background:#fef3c7;font-size:14px;">${e(opts.testNote)}</td></tr>` : '') +
    `<tr><td style="padding:24px;word-wrap:break-word;">${markdownHtml(body, opts.link, facts.publicUrl)}</td></tr>` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:13px;color:#71717a;">${e(name)} · ${e(address)}<br><a href="${e(site)}" style="color:#71717a;">${e(site)}</a><br><br>${unsubscribeHtml}</td></tr>` +
    `</table></td></tr></table></body></html>`;
  return { language, subject, preheader, html, text: text + '\n' };
}

/** A template whose links are placeholders naming their campaign_links id. */
export function campaignTemplate(facts: GymFacts, c: CampaignContent, language: Language, linkIds: ReadonlyMap<string, number>): CampaignTemplate {
  return renderCampaign(facts, c, language, {
    link: (url) => {
      const id = linkIds.get(url);
      return id === undefined ? url : LINK_MARK(id);
    },
    unsubscribe: UNSUBSCRIBE_MARK,
  });
}

/** A template made one recipient's: each link through its signed redirect, their own unsubscribe link. */
export function fillTemplate(t: CampaignTemplate, link: (linkId: number) => string, unsubscribe: string): { html: string; text: string } {
  const fill = (s: string, escape: (v: string) => string) =>
    s
      .replace(LINK_MARKS, (_m, id: string) => escape(link(Number(id))))
      .split(UNSUBSCRIBE_MARK)
      .join(escape(unsubscribe));
  return { html: fill(t.html, e), text: fill(t.text, (v) => v) };
}

/** The List-* headers of a campaign e-mail (RFC 2919, RFC 2369, RFC 8058). */
export function listHeaders(facts: Pick<GymFacts, 'publicUrl'> & { gym: Pick<SiteSettings, 'name'> }, unsubscribe: string): Record<string, string> {
  const name = facts.gym.name.replace(/[<>"\r\n]/g, '').trim();
  return {
    'List-Id': `${name} <newsletter.${messageIdHost(facts.publicUrl)}>`,
    'List-Unsubscribe': `<${unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
