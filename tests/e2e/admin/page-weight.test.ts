import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_WEIGHT_BUDGET_KB, kb, measurePageWeight, type PageWeight } from '../../helpers/page-weight';
import { useBrowserSuite } from '../helpers/fixture';

// The back office's JavaScript (issue 46, point 4): signed in on a phone, the first screen (the
// dashboard) loads at most 150 KB compressed, scrolled to the bottom; each screen loads its own
// chunk and no other screen's (the Markdown renderer comes with the blog editor only). The same
// measure as the public pages' guard and `npm run bench:weight` (tests/helpers/page-weight.ts).

/** A back-office screen is drawn in the browser: measured once its title is there, signed in, in French. */
const signedIn = (token: string) => ({ token, locale: 'fr-FR', ready: (page: Page) => page.locator('main h1').first().waitFor({ timeout: 30_000 }) });

type Manifest = Record<string, { file: string; isDynamicEntry?: boolean }>;

const list = (w: PageWeight) => w.scrolled.scripts.map((s) => `${kb(s.bytes)} KB ${new URL(s.url).pathname}`).join('\n');
const files = (w: PageWeight) => new Set(w.scrolled.scripts.map((s) => new URL(s.url).pathname.replace(/^\//, '')));

describe('JavaScript budget of the back office', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });

  /** Each screen's chunk (src/web/admin/routes/<screen>.tsx) and the Markdown renderer's, from the build's manifest. */
  function chunks() {
    const manifest = JSON.parse(fs.readFileSync(path.join(server.config.clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const screens = Object.fromEntries(
      Object.entries(manifest)
        .filter(([src, m]) => m.isDynamicEntry && src.startsWith('src/web/admin/routes/'))
        .map(([src, m]) => [path.basename(src, '.tsx'), m.file]),
    );
    const markdown = Object.entries(manifest).find(([src]) => src.includes('markdown'))?.[1].file;
    return { screens, markdown };
  }

  it(`the dashboard, the first screen after sign-in, loads at most ${ADMIN_WEIGHT_BUDGET_KB} KB and no other screen's code`, async () => {
    const { screens, markdown } = chunks();
    expect(Object.keys(screens).length).toBeGreaterThan(20);
    expect(markdown).toBeTruthy();
    const w = await measurePageWeight(browser, server.url + '/admin/dashboard', signedIn(tokens.admin));
    const loaded = files(w);
    expect(loaded.has(screens.dashboard), list(w)).toBe(true);
    expect(loaded.has(markdown!), list(w)).toBe(false);
    const others = Object.entries(screens).filter(([name, file]) => name !== 'dashboard' && loaded.has(file));
    expect(others, list(w)).toEqual([]);
    // The figure, for whoever lowers the budget or spends its headroom.
    console.info(`/admin/dashboard: ${kb(w.scrolled.bytes)} KB of compressed JavaScript in ${w.scrolled.files} files`);
    expect(kb(w.scrolled.bytes), list(w)).toBeLessThanOrEqual(ADMIN_WEIGHT_BUDGET_KB);
  });

  it.each([
    ['settings/general', 'settings'],
    ['blog/new', 'blog-editor'],
    ['reservations', 'reservations'],
  ])('/admin/%s loads its own chunk (%s) and no other screen’s', async (route, own) => {
    const { screens, markdown } = chunks();
    const w = await measurePageWeight(browser, `${server.url}/admin/${route}`, signedIn(tokens.admin));
    const loaded = files(w);
    expect(loaded.has(screens[own]), list(w)).toBe(true);
    const others = Object.entries(screens).filter(([name, file]) => name !== own && loaded.has(file));
    expect(others, list(w)).toEqual([]);
    // The Markdown renderer is the blog editor's (its preview), nobody else's.
    expect(loaded.has(markdown!), list(w)).toBe(own === 'blog-editor');
  });
});
