import { describe, expect, it } from 'vitest';
import { quoteStart, sanitizeMailHtml, textOfHtml, trimBrackets } from './mail-html';
import { resolveInlineImages } from './prepare-mail';
import { visibleReplyText } from './reply-text';

// The mail's HTML is read by a tokenizer, not by patterns over the markup: the quote markers of
// the common clients are still found, and tag soup built to make a pattern backtrack is read in
// one pass (these inputs froze the old patterns for minutes; here they simply finish).

describe('quoteStart', () => {
  it('finds the quoted history of Gmail, Outlook, Apple Mail, Thunderbird and Yahoo', () => {
    const mine = '<div dir="ltr">Yes, Tuesday works.</div>';
    for (const quote of [
      '<div class="gmail_quote gmail_quote_container"><div class="gmail_attr">On Tue…</div></div>',
      '<div id="divRplyFwdMsg" dir="ltr"><b>From:</b> Gym</div>',
      '<div id="appendonsend"></div><hr>',
      '<blockquote type="cite">On 3 Mar…</blockquote>',
      '<div class="moz-cite-prefix">On 03/03/2026 Gym wrote:</div>',
      '<hr id="stopSpelling">',
      '<div class="yahoo_quoted" id="yahoo_quoted_1">…</div>',
      '<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">\n<p class="MsoNormal"><b><span>De&nbsp;:</span></b> Gym</p></div>',
    ]) {
      expect(quoteStart(mine + quote)).toBe(mine.length);
    }
    expect(quoteStart(`${mine}<div class="not_gmail_quote">x</div><div style="border-top:solid #E1E1E1 1pt"><p>Hello: nothing quoted</p></div>`)).toBe(-1);
  });

  it('reads tag soup made to stall a pattern in one pass', () => {
    const soup = '<div class='.repeat(20_000);
    expect(quoteStart(soup)).toBe(-1);
    expect(quoteStart(`${'<div class=a>'.repeat(20_000)}<div class="gmail_quote">`)).toBeGreaterThan(0);
    expect(sanitizeMailHtml(soup, new Map())).toBeNull();
    expect(textOfHtml(`<p>Hi</p>${'<div style="border-top:solid #'.repeat(20_000)}`)).toBe('Hi');
    expect(visibleReplyText(`Hello\n${'On '.repeat(50_000)}wrote:\n> old`)).toContain('Hello');
    expect(trimBrackets(`${'<'.repeat(50_000)}a@b${'>'.repeat(50_000)}x`)).toBe(`a@b${'>'.repeat(50_000)}x`);
  });
});

describe('textOfHtml', () => {
  it('keeps line breaks, decodes entities and drops scripts and the quote', () => {
    expect(textOfHtml('<p>Hello&nbsp;there &amp; you</p><p>Line&lt;2&gt;</p><script>x()</script><div class="gmail_quote">old</div>')).toBe(
      'Hello there & you\nLine<2>',
    );
  });
});

describe('resolveInlineImages', () => {
  it('puts the stored image at its placeholder and removes an image that was not stored', () => {
    const html = sanitizeMailHtml(
      '<p>Look</p><img src="cid:a@x" alt="a"><img src="cid:b@x" alt="b">',
      new Map([
        ['a@x', '/inline-n/0'],
        ['b@x', '/inline-n/1'],
      ]),
    )!;
    expect(resolveInlineImages(html, '/inline-n/', new Map([[0, '/api/conversations/attachments/k.webp']]))).toBe(
      '<p>Look</p><img src="/api/conversations/attachments/k.webp" alt="a" />',
    );
    expect(resolveInlineImages('<img src="/inline-n/0" />', '/inline-n/', new Map())).toBeNull();
  });
});
