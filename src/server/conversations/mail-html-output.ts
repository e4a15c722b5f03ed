import sanitizeHtml from 'sanitize-html';

// The HTML of a customer's e-mail, sanitised again on its way to the back office: the import
// already cleaned it, but stored HTML is never trusted (an older import, a hand-edited row).
// No script, style, form or frame survives; links open outside; images load only from data:
// URIs, a remote address is kept as data-remote-src for the staff's "show remote images" click,
// and any other address (our own API, cid:) is dropped.

const ALLOWED_TAGS = [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'style'), 'img', 'font', 'center', 'u', 's', 'strike', 'small', 'big'];

export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    disallowedTagsMode: 'discard',
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'data-remote-src'],
      td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
      th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
      table: ['width', 'border', 'cellpadding', 'cellspacing', 'align'],
      p: ['align'],
      div: ['align'],
      font: ['color', 'size'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
      img: (tagName, attribs) => {
        const { src = '', 'data-remote-src': remote = '', ...rest } = attribs;
        const out: Record<string, string> = { ...rest };
        if (/^data:image\//i.test(src)) out.src = src;
        const remoteSrc = /^https?:\/\//i.test(src) ? src : remote;
        if (/^https?:\/\//i.test(remoteSrc)) out['data-remote-src'] = remoteSrc;
        return { tagName, attribs: out };
      },
    },
  });
}
