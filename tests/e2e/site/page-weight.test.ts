import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/shared/i18n/languages';
import { localePath } from '../../../src/shared/i18n/paths';
import { kb, measurePageWeight, overBudget, WEIGHT_BUDGET, type PageWeight } from '../../helpers/page-weight';
import { useSite } from './site-helpers';

// The JavaScript budget of the public pages made of islands (issue 24): at 375 px, scrolled to
// the bottom, at most 100 KB compressed, and at most 8 script files before any interaction, in
// every language. The same measure as `npm run bench:weight` (tests/helpers/page-weight.ts).
// The booking, order and manage pages are still hydrated whole and join this list as they
// become islands.

const list = (w: PageWeight) => [...w.scrolled.scripts].map((s) => `${kb(s.bytes)} KB ${s.url}`).join('\n');

describe('JavaScript budget of the public pages', () => {
  const site = useSite();

  it('the budget check names what is over', () => {
    const stage = (files: number, bytes: number) => ({ files, bytes, transferred: bytes, scripts: [] });
    const fits = { url: '/', initial: stage(8, 90_000), scrolled: stage(9, 100_000) };
    expect(overBudget(fits)).toEqual([]);
    expect(overBudget({ ...fits, scrolled: stage(9, 100_100) })).toEqual([`100.1 KB of JavaScript after scrolling (budget ${WEIGHT_BUDGET.kb} KB)`]);
    expect(overBudget({ ...fits, initial: stage(9, 90_000) })).toEqual([`9 script files before any interaction (budget ${WEIGHT_BUDGET.files})`]);
  });

  it.each(LANGUAGES)('/, /blog and an article stay within budget in %s', async (language) => {
    const posts = await site.api<{ slug: string }[]>(`/api/blog-posts?published=true&language=${language}`);
    expect(posts.body.length).toBeGreaterThan(0);
    for (const path of ['/', '/blog', `/blog/${posts.body[0].slug}`]) {
      const url = site.url(localePath(language, path));
      const w = await measurePageWeight(site.browser, url, { locale: language === 'en' ? 'en-US' : language });
      // A page that loads no script at all would be within budget without being interactive.
      expect(w.initial.files, url).toBeGreaterThan(2);
      expect(overBudget(w), `${url}\n${list(w)}`).toEqual([]);
    }
  });
});
