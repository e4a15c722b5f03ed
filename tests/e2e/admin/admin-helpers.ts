import fs from 'node:fs';
import type { Page } from 'playwright-core';
export { STAFF_EMAIL, STAFF_NAME, STAFF_PASSWORD, api, loginToken, signedInContext } from '../helpers/accounts';

/** Collects uncaught page errors so a test can assert there were none. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Waits until a toast containing the text is shown. */
export async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 10_000 });
}

const AXE = fs.readFileSync(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** axe-core in the page (evaluated: the CSP forbids inline script tags); serious and critical violations only. */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as any).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v: any) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n: any) => n.target.join(' '))
            .slice(0, 5)
            .join(' | ')}`,
      );
  });
  return result as string[];
}

export async function readDownload(page: Page, trigger: () => Promise<unknown>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}
