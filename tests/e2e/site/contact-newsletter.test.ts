import { describe, expect, it } from 'vitest';
import { fillContactForm, gotoReady, sleep, useSite } from './site-helpers';

interface Submission {
  name: string;
  email: string;
  message: string;
}

describe('contact and newsletter forms', () => {
  const site = useSite();

  it('contact: required fields, "Sending..." while pending, then "Message Sent!"', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.locator('form[aria-label="Contact form"]');
    await form.waitFor();
    await form.getByRole('button', { name: 'Send Message' }).click();
    // The first submit of an untouched form waits for the schema's chunk (fetched on the tap).
    await form.getByText('First name is required').waitFor();
    await expect(form.getByText('Last name is required').isVisible()).resolves.toBe(true);
    await expect(form.getByText('Message is required').isVisible()).resolves.toBe(true);

    await page.route('**/api/contact', async (route) => {
      await sleep(600);
      await route.continue();
    });
    const stamp = Date.now();
    await fillContactForm(form, {
      first: 'Ana',
      last: `Silva${stamp}`,
      email: 'ana@example.com',
      phone: '+55 11 99999 0000',
      message: 'Do you have women-only classes?',
    });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' }).isDisabled()).resolves.toBe(true);
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Message Sent!');
    await expect(toast.textContent()).resolves.toContain("We'll get back to you as soon as possible.");
    await expect(form.getByLabel('First name').inputValue()).resolves.toBe('');

    const token = await site.adminToken();
    const list = await site.api<Submission[]>('/api/contact-submissions', { token });
    const saved = list.body.find((s) => s.name === `Ana Silva${stamp}`);
    expect(saved).toMatchObject({ email: 'ana@example.com', message: 'Do you have women-only classes?' });
    expect(errors).toEqual([]);
    await close();
  });

  it('contact: focuses the first invalid field, and after a submit re-checks each field as it is edited', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.locator('form[aria-label="Contact form"]');
    await form.waitFor();
    // Nothing is checked before the first submit.
    await form.getByLabel('Email', { exact: true }).fill('not-an-address');
    await expect(form.getByText('Invalid email').count()).resolves.toBe(0);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('First name is required').waitFor();
    await expect(form.getByLabel('First name').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(form.getByLabel('First name').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(form.getByText('Invalid email').isVisible()).resolves.toBe(true);
    // Editing one field settles its own message only.
    await form.getByLabel('First name').fill('Ana');
    await expect(form.getByText('First name is required').count()).resolves.toBe(0);
    await expect(form.getByText('Last name is required').isVisible()).resolves.toBe(true);
    await form.getByLabel('Email', { exact: true }).fill('ana@example.com');
    await expect(form.getByText('Invalid email').count()).resolves.toBe(0);
    await form.getByLabel('Email', { exact: true }).fill('');
    await form.getByText('Email is required').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('contact: a name with a link is said at the name field, in the page language, and nothing is sent', async () => {
    const texts = {
      '/': 'Please enter only your name: one line of at most 100 characters, without a link or an e-mail address',
      '/ru/': 'Укажите только имя: одна строка не длиннее 100 символов, без ссылок и адресов электронной почты',
    };
    for (const [path, sentence] of Object.entries(texts)) {
      const { page, errors, close } = await site.open(375);
      let sent = 0;
      await page.route('**/api/contact', async (route) => {
        sent += 1;
        await route.continue();
      });
      await gotoReady(page, site.url(path));
      await page.locator('#contact').scrollIntoViewIfNeeded();
      const form = page.locator('#contact form');
      await form.waitFor();
      await form.locator('input[name="firstName"]').fill('Customer, confirm at https://pay.example.net');
      await form.locator('input[name="lastName"]').fill('Silva');
      await form.locator('input[name="email"]').fill('ana@example.com');
      await form.locator('textarea[name="message"]').fill('Hello');
      await form.locator('button[type="submit"]').click();
      await form.getByText(sentence).waitFor();
      await expect(form.locator('input[name="firstName"]').getAttribute('aria-invalid'), path).resolves.toBe('true');
      expect(sent, path).toBe(0);
      expect(errors, path).toEqual([]);
      await close();
    }
  });

  it('contact: a failure shows "Error" / "Failed to send message. Please try again."', async () => {
    const { page, close } = await site.open(375);
    await gotoReady(page, site.url('/'));
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }));
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.locator('form[aria-label="Contact form"]');
    await form.waitFor();
    await fillContactForm(form, { first: 'Ana', last: 'Silva', email: 'ana@example.com', message: 'Hello' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Error');
    await expect(toast.textContent()).resolves.toContain('Failed to send message. Please try again.');
    await close();
  });

  it('newsletter: subscribes, then answers the same address again exactly alike (decision 174)', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/booking'));
    const form = page.locator('form[aria-labelledby="newsletter-title"]');
    await form.scrollIntoViewIfNeeded();
    await page.locator('form[aria-labelledby="newsletter-title"]').waitFor();
    const email = `fan${Date.now()}@example.com`;
    await form.getByLabel('Email address').fill('nope');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByText('Invalid email').waitFor();

    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    const done = 'We sent you an e-mail about your subscription (look in your spam folder too).';
    await expect(toast.textContent()).resolves.toContain('Check your inbox');
    await expect(toast.textContent()).resolves.toContain(done);
    const first = await toast.textContent();
    await expect(form.getByLabel('Email address').inputValue()).resolves.toBe('');

    // The address is pending now: the page says the same as for a new one (the e-mail says the rest).
    await form.getByLabel('Email address').fill(email.toUpperCase());
    const again = page.waitForResponse((r) => r.url().endsWith('/api/newsletter-subscribers') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    expect((await again).status()).toBe(201);
    await expect.poll(() => toast.textContent()).toBe(first);
    await expect(form.getByLabel('Email address').inputValue()).resolves.toBe('');

    const token = await site.adminToken();
    const subs = await site.api<{ email: string }[]>('/api/newsletter-subscribers', { token });
    expect(subs.body.filter((s) => s.email.toLowerCase() === email)).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('newsletter: a network failure says "Network error. Please try again."', async () => {
    const { page, close } = await site.open(375);
    await gotoReady(page, site.url('/blog'));
    await page.route('**/api/newsletter-subscribers', (route) => route.abort('internetdisconnected'));
    const form = page.locator('form[aria-labelledby="newsletter-title"]');
    await form.scrollIntoViewIfNeeded();
    await page.locator('form[aria-labelledby="newsletter-title"]').waitFor();
    await form.getByLabel('Email address').fill('offline@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Network error. Please try again.');
    await close();
  });
});
