import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInZone } from '../../../src/shared/gym-time';
import { GYM_ZONE } from '../helpers/fixture';
import { fillContactForm, hold, useSite } from './site-helpers';

// Issue 24, point 3: on pages made of islands, reading and links work before (or without) the
// JavaScript (/booking's prices, classes and sessions are server HTML), and what a visitor types or taps before an island's code has arrived is kept:
// the code is held back here until the visitor has acted, then let through.

interface Submission {
  name: string;
  email: string;
  message: string;
}

/** The landing's contact form, scrolled into view, and the methods of the requests it sends. */
async function contactFormWatched(page: Page) {
  const sent: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/contact') && sent.push(r.method()));
  const form = page.locator('form[aria-label="Contact form"]');
  await form.scrollIntoViewIfNeeded();
  return { form, sent };
}

describe('before the JavaScript has loaded', () => {
  const site = useSite();
  /** The contact messages stored under `name`, as the back office lists them. */
  const savedMessages = async (name: string) => {
    const token = await site.adminToken();
    return (await site.api<Submission[]>('/api/contact-submissions', { token })).body.filter((s) => s.name === name);
  };

  it('with JavaScript off, at 375 px: pages read, and links, the blog filter and the language switcher work', async () => {
    const { page, close } = await site.open(375, { javaScriptEnabled: false });
    await page.goto(site.url('/'));
    await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-testid="blog-teaser"] article').count()).resolves.toBe(3);
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL(site.url('/blog'));
    const first = page.locator('[data-testid="post-list"] h2 a').first();
    const title = (await first.textContent())!;
    const categories = page.getByRole('navigation', { name: 'Categories' }).getByRole('link');
    if ((await categories.count()) > 1) {
      await categories.nth(1).click();
      await page.waitForURL(/\/blog\?category=/);
      await expect(categories.nth(1).getAttribute('aria-current')).resolves.toBe('page');
      await page.goBack();
    }
    await page.locator('[data-testid="post-list"] h2 a').first().click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    expect(((await page.getByTestId('article-body').textContent()) ?? '').length).toBeGreaterThan(100);
    // The mobile menu is a popover and the header's language list a <details>: both open
    // without JavaScript, and their links work.
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.isVisible()).resolves.toBe(true);
    await menu.getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL(site.url('/blog'));
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.goBack();
    await page.waitForURL(/\/blog\/./);
    await page.getByTestId('header-languages').locator('summary').click();
    await page.getByTestId('header-languages').getByTestId('lang-ru').click();
    await page.waitForURL(/\/ru\/blog\//);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ru');
    await close();
  });

  it('a contact message typed and sent before the form has its code is sent once, as typed', async () => {
    const { page, errors, close } = await site.open(375);
    const code = await hold(page, '**/assets/contact-form-*.js');
    await page.goto(site.url('/'));
    await page.waitForSelector('html[data-hydrated="true"]');
    const { form, sent } = await contactFormWatched(page);
    const stamp = Date.now();
    await fillContactForm(form, { first: 'Mai', last: `Early${stamp}`, email: 'mai@example.com', message: 'Typed before the page was ready.' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    // The code was asked for at the first tap; nothing is sent, and the page did not reload.
    expect(code.seen()).toBe(1);
    expect(sent).toEqual([]);
    expect(new URL(page.url()).search).toBe('');
    await expect(form.getByLabel('Message').inputValue()).resolves.toBe('Typed before the page was ready.');
    code.release();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Message Sent!');
    expect(sent).toEqual(['POST']);
    const saved = await savedMessages(`Mai Early${stamp}`);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ email: 'mai@example.com', message: 'Typed before the page was ready.' });
    expect(errors).toEqual([]);
    await close();
  });

  it("a contact message sent before any of the page's code has come is not a reload: it is sent once, as typed, when the code comes", async () => {
    const { page, errors, close } = await site.open(375);
    // The page's module entry, which the start script asks for after the first paint or at a first touch.
    const entry = await hold(page, '**/assets/index-*.js');
    await page.goto(site.url('/'));
    const { form, sent } = await contactFormWatched(page);
    const stamp = Date.now();
    await fillContactForm(form, { first: 'Niran', last: `Quick${stamp}`, email: 'niran@example.com', message: 'Sent before any code had come.' });
    // Tapped twice: one message all the same.
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => entry.seen()).toBeGreaterThan(0);
    await expect(page.locator('html[data-hydrated="true"]').count()).resolves.toBe(0);
    expect(sent).toEqual([]);
    expect(new URL(page.url()).search).toBe('');
    await expect(form.getByLabel('Message').inputValue()).resolves.toBe('Sent before any code had come.');
    entry.release();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Message Sent!');
    const saved = await savedMessages(`Niran Quick${stamp}`);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ email: 'niran@example.com', message: 'Sent before any code had come.' });
    expect(sent).toEqual(['POST']);
    expect(errors).toEqual([]);
    await close();
  });

  it('a newsletter address typed and sent with Enter before the form has its code is subscribed', async () => {
    const { page, errors, close } = await site.open(375);
    const code = await hold(page, '**/assets/newsletter-form-*.js');
    await page.goto(site.url('/blog'));
    await page.waitForSelector('html[data-hydrated="true"]');
    const form = page.locator('form[aria-labelledby="newsletter-title"]');
    await form.scrollIntoViewIfNeeded();
    const email = `early${Date.now()}@example.com`;
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Email address').press('Enter');
    expect(new URL(page.url()).search).toBe('');
    code.release();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Check your inbox');
    const token = await site.adminToken();
    const subs = await site.api<{ email: string }[]>('/api/newsletter-subscribers', { token });
    expect(subs.body.filter((s) => s.email === email)).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("a tap on the menu button before the header's code has arrived opens the menu at once; the code then takes it over", async () => {
    const { page, errors, close } = await site.open(375);
    const code = await hold(page, '**/assets/site-header-*.js');
    await page.goto(site.url('/blog'), { waitUntil: 'domcontentloaded' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    // The menu is the browser's popover: open before the code, which the tap asked for.
    await expect(menu.isVisible()).resolves.toBe(true);
    await expect.poll(() => code.seen()).toBe(1);
    code.release();
    const closeButton = page.getByRole('button', { name: 'Close menu' });
    await expect.poll(() => closeButton.getAttribute('aria-expanded')).toBe('true');
    await expect(menu.isVisible()).resolves.toBe(true);
    await closeButton.click();
    await expect(menu.isVisible()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).resolves.toBe('false');
    expect(errors).toEqual([]);
    await close();
  });

  it('on /booking, the form typed and a session tapped before their code has arrived: nothing is lost, one booking is made', async () => {
    const { page, errors, close } = await site.open(375);
    const picker = await hold(page, '**/assets/session-picker-*.js');
    const formCode = await hold(page, '**/assets/booking-form-*.js');
    await page.goto(site.url('/booking?what=class'));
    await page.waitForSelector('html[data-hydrated="true"]');
    const form = page.locator('#booking-form');
    const name = `Early Booker ${Date.now()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill('early-booker@example.com');
    const session = page.locator('[data-testid="session"]:not([data-full])').first();
    const id = (await session.getAttribute('data-session-id'))!;
    await session.click();
    // Both asked for by the visitor's first touches, neither arrived: nothing chosen yet.
    expect(formCode.seen()).toBe(1);
    expect(picker.seen()).toBe(1);
    await expect(form.getByLabel('Course').inputValue()).resolves.toBe('');
    picker.release();
    formCode.release();
    const { sessions } = (await site.api<{ sessions: { id: string; course: string; date: string; time: string; startsAt: string }[] }>('/api/sessions?days=14'))
      .body;
    const chosen = sessions.find((s) => s.id === id)!;
    await expect.poll(() => form.getByLabel('Course').inputValue()).toBe(chosen.course);
    await expect(form.getByLabel('Preferred date and time').inputValue()).resolves.toBe(`${chosen.date}T${chosen.time}`);
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe(name);
    await expect(form.getByLabel('Email').inputValue()).resolves.toBe('early-booker@example.com');
    await expect(page.locator(`[data-testid="session"][data-session-id="${id}"]`).getAttribute('aria-pressed')).resolves.toBe('true');
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByTestId('booking-success').waitFor();
    const token = await site.adminToken();
    const saved = (await site.api<{ name: string; course: string; dateTime: string }[]>('/api/reservations', { token })).body.filter((r) => r.name === name);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ course: chosen.course, dateTime: new Date(chosen.startsAt).toISOString() });
    expect(errors).toEqual([]);
    await close();
  });

  it("on /booking, a pass tapped and the buyer's name typed before the shop's code has arrived are kept", async () => {
    const { page, errors, close } = await site.open(375);
    const code = await hold(page, '**/assets/passes-section-*.js');
    await page.goto(site.url('/booking?what=pass'));
    await page.waitForSelector('html[data-hydrated="true"]');
    const option = page.locator('[data-testid="pass-option"]').first();
    await option.click();
    await page.locator('#pass-form input[autocomplete="name"]').fill('Early Buyer');
    expect(code.seen()).toBe(1);
    code.release();
    await page.locator('[data-island="passes-shop"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#pass-form input[type="date"]').inputValue()).not.toBe('');
    await expect(option.locator('input').isChecked()).resolves.toBe(true);
    await expect(page.locator('#pass-form input[autocomplete="name"]').inputValue()).resolves.toBe('Early Buyer');
    await expect(page.getByTestId('pass-chosen').isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("on a paid pass's order page, the holder's name and e-mail typed before the code has arrived are kept and booked with", async () => {
    const token = await site.adminToken();
    const created = await site.api<{ id: number; token: string; amountSatang: number }>('/api/orders', {
      method: 'POST',
      body: {
        passId: 'week-single.muay-thai',
        startDate: todayInZone(GYM_ZONE),
        name: 'Early Holder',
        email: 'early-holder@example.com',
        phone: null,
        language: 'en',
        method: 'desk',
      },
    });
    expect(created.status).toBe(201);
    const paid = await site.api(`/api/orders/${created.body.id}/payments`, {
      method: 'POST',
      body: { amountSatang: created.body.amountSatang, method: 'cash' },
      token,
    });
    expect(paid.status).toBe(201);

    const { page, errors, close } = await site.open(375);
    const code = await hold(page, '**/assets/order-view-*.js');
    await page.goto(site.url(`/booking/order/${encodeURIComponent(created.body.token)}`));
    // The server rendered the paid order and its booking form: typed into before its code runs.
    const form = page.locator('[data-testid="pass-booking"]');
    const name = `Early Holder ${Date.now()}`;
    await form.locator('input[autocomplete="name"]').fill(name);
    await form.locator('input[autocomplete="email"]').fill('early-holder@example.com');
    // The island (hydrated at load) has asked for its code, which is still held back.
    await expect.poll(() => code.seen()).toBe(1);
    await expect(page.locator('[data-island="order-view"][data-hydrated="true"]').count()).resolves.toBe(0);
    code.release();
    await page.locator('[data-island="order-view"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(form.locator('input[autocomplete="name"]').inputValue()).resolves.toBe(name);
    await expect(form.locator('input[autocomplete="email"]').inputValue()).resolves.toBe('early-holder@example.com');

    // Booking with them sends what was typed.
    const day = await form.locator('button[data-date]').nth(2).getAttribute('data-date');
    await form.locator(`button[data-date="${day}"]`).click();
    await form.locator('[data-testid="session"]:not([data-full])').first().click();
    await form.locator('[data-testid="pass-book"]').click();
    await page.locator('[data-testid="pass-booked"] li').first().waitFor();
    const saved = (await site.api<{ name: string; email: string }[]>('/api/reservations', { token })).body.filter((r) => r.name === name);
    expect(saved).toHaveLength(1);
    expect(saved[0].email).toBe('early-holder@example.com');
    expect(errors).toEqual([]);
    await close();
  });
});
