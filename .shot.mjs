import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [375, 1280]) {
  const ctx = await b.newContext({ viewport: { width, height: 900 }, timezoneId: 'Europe/Berlin' });
  const p = await ctx.newPage();
  const errs = [];
  p.on('console', (m) => m.type() === 'error' && errs.push(m.text()));
  p.on('pageerror', (e) => errs.push(String(e)));
  await p.goto('http://127.0.0.1:3998/booking', { waitUntil: 'networkidle' });
  await p.screenshot({ path: `/tmp/shots/booking-${width}.png` });
  await p.locator('[data-testid="class-card"]').nth(1).click();
  await p.waitForTimeout(1200);
  await p.screenshot({ path: `/tmp/shots/booking-pick-${width}.png` });
  const sess = p.locator('[data-testid="session"]:not([data-full])').first();
  await sess.click();
  await p.waitForTimeout(1200);
  await p.screenshot({ path: `/tmp/shots/booking-session-${width}.png` });
  await p.locator('#sessions-title').scrollIntoViewIfNeeded();
  await p.screenshot({ path: `/tmp/shots/booking-sessions-${width}.png` });
  console.log(width, 'errors', errs);
  await ctx.close();
}
await b.close();
