import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSuite } from './helpers/fixture';
import { startServer, type RunningServer } from './helpers/server';

describe('the built site in Chromium', () => {
  const { server, browser } = useBrowserSuite();

  it('serves the home page with its security headers and no script errors', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const res = await page.goto(server.url + '/');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Here, not in tests/api: `npm test` runs the API suites before `npm run build`, and dist/ is not committed.
describe('the production build, over plain HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Throws "The front end is not built: run `npm run build` …" when dist/client is missing.
    server = await startServer({}, { seedDemo: false });
  });
  afterAll(() => server?.close());

  it('serves hashed assets for a year, immutable, and / as the built page', async () => {
    const template = fs.readFileSync(path.join(server.config.clientDir, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(template)?.[1];
    const style = /<link rel="stylesheet"[^>]*\shref="(\/assets\/[^"]+\.css)"/.exec(template)?.[1];
    expect(entry, 'no entry script in dist/client/index.html: run `npm run build`').toBeTruthy();
    expect(style, 'no stylesheet in dist/client/index.html: run `npm run build`').toBeTruthy();
    for (const [file, type] of [
      [entry!, /javascript/],
      [style!, /text\/css/],
    ] as const) {
      const res = await fetch(server.url + file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(type);
      const cacheControl = res.headers.get('cache-control') ?? '';
      expect(cacheControl, file).toMatch(/(^|[ ,])max-age=31536000([ ,]|$)/);
      expect(cacheControl, file).toMatch(/(^|[ ,])immutable([ ,]|$)/);
      expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path.join(server.config.clientDir, file))), file).toBe(true);
    }

    const home = await fetch(server.url + '/');
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const html = await home.text();
    // A page made of islands starts its entry after the first paint, through a classic script
    // (decision 122), itself a hashed asset served for a year.
    const starter = /<script defer fetchpriority="low" src="(\/assets\/start-islands-[\w-]+\.js)" data-entry="([^"]+)" data-later="([^"]+)"><\/script>/.exec(
      html,
    );
    expect(starter, 'no start-islands script on /').toBeTruthy();
    expect(starter![2]).toBe(entry);
    expect(html).not.toContain(`<script type="module" crossorigin src="${entry}"`);
    const started = await fetch(server.url + starter![1]);
    expect(started.status).toBe(200);
    expect(started.headers.get('cache-control')).toMatch(/(^|[ ,])immutable([ ,]|$)/);
    expect(await started.text()).not.toMatch(/^\s*(import|export)\b/m);
    // React and the islands' hydration, prefetched after load (decision 123): built files, one of them React.
    const later = starter![3].split(' ');
    const laterCode = await Promise.all(
      later.map(async (file) => {
        expect(file).toMatch(/^\/assets\/[\w.-]+\.js$/);
        const res = await fetch(server.url + file);
        expect(res.status, file).toBe(200);
        return res.text();
      }),
    );
    expect(laterCode.some((code) => code.includes('react.transitional.element'))).toBe(true);
    // The back office is one app: its entry is in the page itself.
    const admin = await (await fetch(server.url + '/admin')).text();
    expect(admin).toContain(`src="${entry}"`);
    expect(html).not.toContain('The front end is not built');
    // Rendered on the server into the built template: its placeholders are filled.
    expect(html).not.toMatch(/<!--app-(head|html|state)-->/);
    expect(html).toMatch(/<div id="root"><[a-z]/);
    expect(html).toMatch(/<h1[\s>]/);
  });
});
