import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute, ampersand first', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & "Jerry"</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; &quot;Jerry&quot;&lt;/a&gt;');
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
    expect(escapeHtml('Muay Thaï — été')).toBe('Muay Thaï — été');
  });
});
