import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import { fillContactForm, gotoReady, useSite } from '../site/site-helpers';

// The honeypot of the public forms (issue 12, point 4): people never see it, never reach it
// with the keyboard, and their submissions still go through without it.

/** The next open day in gym time (Asia/Bangkok; Sunday is closed). */
function nextWeekday(): string {
  let d = addDays(todayInZone('Asia/Bangkok'), 1);
  while (isoWeekday(d) === 7) d = addDays(d, 1);
  return d;
}

/** The honeypot of a form is there, off-screen, out of the tab order and hidden from assistive technology. */
async function expectHidden(form: Locator) {
  const trap = form.locator('input[name="website"]');
  await expect(trap.count()).resolves.toBe(1);
  await expect(trap.getAttribute('tabindex')).resolves.toBe('-1');
  await expect(trap.getAttribute('autocomplete')).resolves.toBe('off');
  await expect(trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).resolves.toBe(true);
  // Not in the accessibility tree: no role query finds it.
  await expect(form.getByRole('textbox', { name: 'Website' }).count()).resolves.toBe(0);
  // Nothing of it is painted inside the page.
  const box = await trap.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const clip = el.closest('[data-honeypot]')!.getBoundingClientRect();
    return { right: Math.min(r.right, clip.right), width: clip.width, height: clip.height };
  });
  expect(box.right).toBeLessThanOrEqual(0);
  expect(box.width * box.height).toBeLessThanOrEqual(1);
}

/** Tab from `from` lands on `to`: the honeypot between them in the page is skipped. */
async function expectTabSkipsTrap(page: Page, from: Locator, to: Locator) {
  await from.focus();
  await page.keyboard.press('Tab');
  await expect(to.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '')).resolves.not.toBe('website');
}

describe('honeypot field of the public forms', () => {
  const site = useSite();

  it('contact and newsletter: invisible, not focusable, and a normal submission succeeds without it', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const contact = page.locator('form[aria-label="Contact form"]');
    await contact.waitFor();
    await expectHidden(contact);
    await expectTabSkipsTrap(page, contact.getByLabel('Message'), contact.getByRole('button', { name: 'Send Message' }));

    const stamp = Date.now();
    await fillContactForm(contact, { first: 'Mia', last: `Honey${stamp}`, email: 'mia@example.com', message: 'Is there a beginners class on Monday?' });
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    // SPEC.md §7's payload: the empty honeypot is not sent at all.
    expect(Object.keys((await sent).postDataJSON() as object).sort()).toEqual(['email', 'language', 'message', 'name', 'subject']);
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Message Sent!');
    const token = await site.adminToken();
    const stored = await site.api<{ name: string }[]>('/api/contact-submissions', { token });
    expect(stored.body.filter((s) => s.name === `Mia Honey${stamp}`)).toHaveLength(1);

    const newsletter = page.locator('form[aria-labelledby="newsletter-title"]');
    await newsletter.scrollIntoViewIfNeeded();
    await page.locator('form[aria-labelledby="newsletter-title"]').waitFor();
    await expectHidden(newsletter);
    await expectTabSkipsTrap(page, newsletter.getByLabel('Email address'), newsletter.getByRole('button', { name: 'Subscribe' }));
    const email = `honey${stamp}@example.com`;
    await newsletter.getByLabel('Email address').fill(email);
    const signUp = page.waitForRequest((r) => r.url().endsWith('/api/newsletter-subscribers') && r.method() === 'POST');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    expect(Object.keys((await signUp).postDataJSON() as object).sort()).toEqual(['email', 'isActive', 'language']);
    await page.waitForFunction(() => document.querySelector('[data-testid="toast"]')?.textContent?.includes('Check your inbox'));
    const subs = await site.api<{ email: string }[]>('/api/newsletter-subscribers', { token });
    expect(subs.body.filter((s) => s.email === email)).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('contact: a bot that fills the field sees the usual success, and nothing is stored', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const contact = page.locator('form[aria-label="Contact form"]');
    await contact.waitFor();
    const stamp = Date.now();
    await fillContactForm(contact, { first: 'Bot', last: `Filler${stamp}`, email: 'bot@example.com', message: 'Cheap watches' });
    // What a form-filling bot does: every input gets a value, seen or not.
    await contact.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await contact.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Message Sent!');
    const token = await site.adminToken();
    const stored = await site.api<{ name: string }[]>('/api/contact-submissions', { token });
    expect(stored.body.filter((s) => s.name === `Bot Filler${stamp}`)).toHaveLength(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('booking: invisible, not focusable, and a normal booking succeeds without it', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/booking?what=class&step=when'));
    const form = page.locator('#booking-form');
    await expectHidden(form);
    await expectTabSkipsTrap(page, form.getByLabel('Message'), form.getByRole('button', { name: 'Confirm Booking' }));

    const name = `Honey Booker ${Date.now()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Phone / WhatsApp').fill('+33 6 12 34 56 78');
    await form.getByLabel('Course').selectOption('MMA Training');
    await form.getByLabel('Preferred date and time').fill(`${nextWeekday()}T17:00`);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/reservations') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    expect(Object.keys((await sent).postDataJSON() as object).sort()).toEqual(['course', 'dateTime', 'email', 'language', 'message', 'name', 'phone']);
    const banner = page.getByTestId('booking-success');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toBe('Booking sent! ✅');
    const token = await site.adminToken();
    const list = await site.api<{ name: string }[]>('/api/reservations', { token });
    expect(list.body.filter((r) => r.name === name)).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });
});
