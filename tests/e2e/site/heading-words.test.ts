import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { viewportFor } from '../helpers/fixture';
import { gotoReady, useSite } from './site-helpers';

// No heading splits a word across two lines without a hyphen on a narrow phone (issue 20):
// "ЗАПИШИТЕСЬ" on /ru/booking and "D'ENTRAÎNEMENT" on /fr/blog used to. Debian's Chromium has no
// hyphenation dictionaries, so `hyphens: auto` draws nothing: the sizes must fit the longest word.
const LANGUAGES = ['', '/ru', '/zh', '/de', '/fr', '/th'];
const WIDTHS = [320, 375];

/** Headings, and titles styled as headings (the display face), whose words must stay whole. */
const HEADINGS = 'h1, h2, h3, .font-display-tight';

interface Broken {
  word: string;
  heading: string;
}

/**
 * Words (as Intl.Segmenter finds them in the page's language, so Thai has words too) whose
 * characters sit on more than one line, unless the line ends at a hyphen or soft hyphen the text
 * carries. Chinese ideographs may break between any two of them: not counted.
 */
function brokenWords(page: Page, selector: string): Promise<Broken[]> {
  return page.evaluate((sel) => {
    const lang = document.documentElement.lang || 'en';
    const segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
    const out: { word: string; heading: string }[] = [];
    const seen = new Set<Node>();
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (el.closest('[hidden], .sr-only, [aria-hidden="true"]') || el.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (seen.has(node)) continue;
        seen.add(node);
        for (const s of segmenter.segment(node.data)) {
          if (!s.isWordLike || s.segment.length < 2 || /^\p{Script=Han}+$/u.test(s.segment)) continue;
          const lineOf: number[] = [];
          for (let i = 0; i < s.segment.length; i++) {
            const range = document.createRange();
            range.setStart(node, s.index + i);
            range.setEnd(node, s.index + i + 1);
            const r = range.getClientRects()[0];
            if (r && r.width > 0) lineOf.push(Math.round(r.top + r.height / 2));
          }
          for (let i = 1; i < lineOf.length; i++) {
            // A later character well below the one before it: a new line inside the word.
            if (lineOf[i] - lineOf[i - 1] > 4 && !/[-\u00ad\u2010]/.test(s.segment[i - 1])) {
              out.push({ word: s.segment, heading: (el.textContent ?? '').trim().slice(0, 80) });
              break;
            }
          }
        }
      }
    }
    return out;
  }, selector);
}

describe('headings keep their words whole at 320 and 375 px', () => {
  const site = useSite();
  let article = '';

  beforeAll(async () => {
    const posts = await site.api<{ slug: string }[]>('/api/blog-posts');
    article = `/blog/${posts.body[0].slug}`;
  });

  it.each(LANGUAGES)('%s: every page type', { timeout: 240_000 }, async (prefix) => {
    const paths = ['/', '/booking', '/blog', article, '/blog/no-such-article', '/booking/manage/not-a-token', '/no-such-page'];
    const found: string[] = [];
    // Each page is loaded once and looked at at both widths, resized in between: 320 and 375 px
    // take the same branch of every media query (the first breakpoint is 640 px; the site's
    // script asks only about 768 px) and the server sends the same HTML to both, so all that
    // differs is the line length, which the browser lays out again on a resize. A split word
    // depends on nothing else.
    const { page, close } = await site.open(WIDTHS[0]);
    try {
      for (const path of paths) {
        const url = prefix + (path === '/' && prefix ? '' : path) || '/';
        await gotoReady(page, site.url(url));
        for (const width of WIDTHS) {
          await page.setViewportSize(viewportFor(width));
          // Two frames: the page has been laid out and painted at the new width.
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          expect(await page.evaluate(() => window.innerWidth)).toBe(width);
          for (const b of await brokenWords(page, HEADINGS)) found.push(`${width}px ${url}: "${b.word}" in "${b.heading}"`);
        }
      }
    } finally {
      await close();
    }
    expect(found).toEqual([]);
  });
});
