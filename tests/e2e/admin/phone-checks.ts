import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// The 375 px checks of issue 46 §4 shared by the phone suites written after phone-lists.test.ts:
// no sideways scroll, no word of ours drawn on two lines, 44 px targets, screenshots on demand.

/** The document is no wider than the window. */
export async function noSidewaysScroll(page: Page) {
  const over = await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
  expect(over).toBeLessThanOrEqual(0);
}

/**
 * Words in the screen's content drawn on two lines or more, among those that would fit on one
 * line of half the screen: "Absen|ces" is one, a 60-letter e-mail address is not.
 */
export async function brokenWords(page: Page, root = '#admin-main'): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const ctx = document.createElement('canvas').getContext('2d')!;
    const walker = document.createTreeWalker(document.querySelector(selector)!, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      const el = node.parentElement;
      if (!el || el.closest('.sr-only, script, style, [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      const style = getComputedStyle(el);
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      for (const m of node.data.matchAll(/[^\s\-‐/–—·]{2,}/g)) {
        if (ctx.measureText(m[0]).width > window.innerWidth / 2) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(m[0]);
      }
    }
    return found;
  }, root);
}

/** Controls in the scope smaller than 44 × 44 px (a checkbox counts its label); links inside a line of text are left out. */
export async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((roots) => {
    const small: string[] = [];
    for (const root of roots) {
      for (const el of root.querySelectorAll<HTMLElement>('button, a[href], input:not([type=hidden]), select, [role=combobox], [role=switch]')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (el.tagName === 'A' && getComputedStyle(el).display.startsWith('inline') && !getComputedStyle(el).display.includes('flex')) continue;
        const target = el.closest('label')?.getBoundingClientRect() ?? r;
        if (Math.max(r.height, target.height) < 44 || Math.max(r.width, target.width) < 44)
          small.push(`${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim()}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return small;
  });
}

/** A picture of the first screen when a folder is named (E2E_SCREENSHOT_DIR). */
export async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
