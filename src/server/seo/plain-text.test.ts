import { describe, expect, it } from 'vitest';
import { rssXml } from './feeds';
import { plainSummary } from './html';
import type { SeoPost } from './json-ld';

// Meta descriptions and the RSS feed summarise a post's Markdown as the words a reader sees.
describe('plain text of Markdown for descriptions and the feed', () => {
  it('keeps hyphens, comparison signs and ampersands as written', () => {
    expect(plainSummary('Send us an e-mail: the all-levels class is full.')).toBe('Send us an e-mail: the all-levels class is full.');
    expect(plainSummary('2 < 3 > 1')).toBe('2 < 3 > 1');
    expect(plainSummary('Gloves &amp; wraps, Muay Thai &amp; MMA')).toBe('Gloves & wraps, Muay Thai & MMA');
    expect(plainSummary('Été &eacute;t&eacute; &#8212; &#x41;&nbsp;B &copy;')).toBe('Été été — A B ©');
  });

  it('gives the text of links, reference links and images, never their targets or definitions', () => {
    expect(plainSummary('Read [our timetable](https://gym.test/booking "Book") today.')).toBe('Read our timetable today.');
    expect(plainSummary('See [the club][gym] and [this][].\n\n[gym]: https://gym.test\n[this]: /x')).toBe('See the club and this.');
    expect(plainSummary('![A boxer at the bag](/uploads/bag.jpg) Before ![](/uploads/x.jpg) after')).toBe('A boxer at the bag Before after');
    expect(plainSummary('Visit https://gym.test or <https://x.test>.')).toBe('Visit https://gym.test or https://x.test.');
  });

  it('reads headings, emphasis, code, lists, quotes and tables as words, one space between blocks', () => {
    const md = [
      '# Your first class',
      '## What to bring',
      'Some *light* and **strong** _words_ and ~~old~~ `npm run build` too.',
      '- gloves\n- wraps\n  1. left\n  2. right',
      '> Train hard.',
      '```ts\nconst a = b - 1;\n```',
      '| Day | Class |\n|---|---|\n| Mon | MMA |',
      '***',
      '<div class="x">Raw <b>HTML</b></div>',
      'Last line\\\nafter a break.',
    ].join('\n\n');
    expect(plainSummary(md, 1000)).toBe(
      'Your first class What to bring Some light and strong words and old npm run build too. gloves wraps left right Train hard. const a = b - 1; Day Class Mon MMA Last line after a break.',
    );
  });

  it('cuts long text between words with an ellipsis', () => {
    const s = plainSummary('word '.repeat(100), 30);
    expect(s.length).toBeLessThanOrEqual(30);
    expect(s.endsWith('word…')).toBe(true);
  });

  it('writes the summary into the RSS feed, escaped once', () => {
    const post: SeoPost = {
      slug: 'mail',
      title: 'Mail',
      content: 'Write an e-mail: 2 < 3 > 1, [the club][gym] &amp; more.\n\n[gym]: https://gym.test',
      excerpt: null,
      featuredImage: null,
      metaTitle: null,
      metaDescription: null,
      publishedAt: '2026-11-01T10:00:00.000Z',
      createdAt: '2026-11-01T10:00:00.000Z',
      category: null,
      author: null,
    };
    expect(rssXml('https://gym.test', [post], 'Gym')).toContain('<description>Write an e-mail: 2 &lt; 3 &gt; 1, the club &amp; more.</description>');
  });
});
