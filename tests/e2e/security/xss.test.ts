import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { api as apiCall } from '../helpers/accounts';
import { useBrowserSuite } from '../helpers/fixture';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server';
import { addDays, todayInZone } from '../../../src/shared/gym-time';

// Stored XSS: hostile text goes into every field a visitor or staff member can fill (through
// the API), then every public and admin page is visited in Chromium. The pages are visited
// with the content security policy switched OFF (bypassCSP), so what is tested is the pages'
// own escaping: the CSP is a second wall, checked on its own below.

/** Each payload sets window.__xss to the name of the field it came from (the last one opens a dialog). */
const payloads = (m: string) => [
  `<script>window.__xss='${m}'</script>`,
  `<img src=x onerror="window.__xss='${m}'">`,
  `<svg onload=window.__xss='${m}'>`,
  `"><img src=x onerror=window.__xss='${m}'>`,
  `</script><script>window.__xss='${m}'</script>`,
  `'><svg/onload=window.__xss='${m}'>`,
  `javascript:window.__xss='${m}'`,
  `<details open ontoggle=alert('${m}')>`,
];

/** The marker, then as many payloads as the field's length limit allows. */
function hostile(marker: string, max: number): string {
  let text = marker;
  for (const p of payloads(marker)) {
    if (text.length + 1 + p.length > max) break;
    text += ' ' + p;
  }
  return text;
}

const H = {
  postTitle: hostile('XSS_POST_TITLE', 300),
  postExcerpt: hostile('XSS_POST_EXCERPT', 1000),
  metaTitle: hostile('XSS_META_TITLE', 300),
  metaDescription: hostile('XSS_META_DESC', 500),
  featuredImage: `/x"><img/src=x/onerror=window.__xss='featured'>`,
  catName: hostile('XSS_CAT_NAME', 200),
  catDescription: hostile('XSS_CAT_DESC', 2000),
  instaTitle: hostile('XSS_INSTA_TITLE', 300),
  instaDescription: hostile('XSS_INSTA_DESC', 2000),
  instaCategory: hostile('XSS_INSTA_CAT', 100),
  instaImageUrl: `https://example.invalid/"><img/src=x/onerror=window.__xss='insta-image'>`,
  uploadTitle: hostile('XSS_UPLOAD_TITLE', 300),
  uploadDescription: hostile('XSS_UPLOAD_DESC', 2000),
  uploadCategory: hostile('XSS_UPLOAD_CAT', 100),
  uploadFilename: `"><img src=x onerror=window.__xss='filename'>.jpg`,
  // A person's name on a public form: 100 characters at most (shared/person-name.ts).
  contactName: hostile('XSS_CONTACT_NAME', 100),
  contactSubject: hostile('XSS_CONTACT_SUBJECT', 300),
  contactMessage: hostile('XSS_CONTACT_MESSAGE', 10_000),
  contactPhone: `+66"><img src=x onerror=__xss=9>`,
  resName: hostile('XSS_RES_NAME', 100),
  // A class name (100 characters at most): a booking names a class of the timetable.
  resCourse: hostile('XSS_RES_COURSE', 100),
  resMessage: hostile('XSS_RES_MESSAGE', 10_000),
  resPhone: `+66"><img src=x onerror=__xss=8>`,
  subscriberName: hostile('XSS_SUB_NAME', 100),
  replyContent: hostile('XSS_REPLY', 10_000),
  userName: hostile('XSS_USER_NAME', 200),
};

const CONTENT_MARKDOWN = [
  `# XSS_CONTENT heading <script>window.__xss='md-h1'</script>`,
  '',
  `Some text <img src=x onerror="window.__xss='md-img'"> and <svg onload=window.__xss='md-svg'> inline.`,
  '',
  `[XSS_JS_LINK](javascript:window.__xss='md-link')`,
  '',
  `[XSS_DATA_LINK](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  '',
  `![XSS_JS_IMAGE](javascript:window.__xss='md-image')`,
  '',
  `<a href="javascript:window.__xss='raw-a'">raw anchor</a>`,
  '',
  `<iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe>`,
  '',
  "`</script><script>window.__xss='md-code'</script>`",
  '',
  `"><img src=x onerror=window.__xss='md-attr'> XSS_CONTENT_END`,
].join('\n');

const SLUG = 'xss-hostile-post';
const CAT_SLUG = 'xss-hostile-category';
const HOSTILE_EMAIL = "o'malley+xss@example.com";

/** What the DOM holds that could run script: inline handlers, script elements, javascript: URLs. */
async function scriptSinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const urlAttrs = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        const value = attr.value.trim().toLowerCase();
        if (name.startsWith('on') && value.includes('__xss')) found.push(`<${el.tagName.toLowerCase()} ${name}="${attr.value}">`);
        if (
          urlAttrs.includes(name) &&
          (value.startsWith('javascript:') || value.startsWith('data:text/html') || (name === 'srcdoc' && value.includes('__xss')))
        ) {
          found.push(`<${el.tagName.toLowerCase()} ${name}="${attr.value}">`);
        }
      }
      if (el.tagName === 'SCRIPT') {
        const type = (el.getAttribute('type') ?? '').toLowerCase();
        const data = type === 'application/json' || type === 'application/ld+json';
        if (!data && (el.textContent ?? '').includes('__xss')) found.push(`<script>${el.textContent}</script>`);
      }
    }
    return found;
  });
}

/**
 * Event-handler attributes of the tags in raw HTML, read as a browser tokenises them (quoted
 * values may hold "onerror=" as text: only attribute names count).
 */
function handlerAttributes(html: string): string[] {
  const found: string[] = [];
  const body = html.replace(/<!--[\s\S]*?-->/g, '');
  const tag = /<([a-zA-Z][^\s/>]*)((?:\s*[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?|\s*\/)*)\s*>/g;
  const attr = /([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
  for (const m of body.matchAll(tag)) {
    for (const a of m[2].matchAll(attr)) if (/^on/i.test(a[1])) found.push(`<${m[1]} ${a[0].slice(0, 120)}>`);
  }
  return found;
}

interface Visit {
  path: string;
  /** Texts that must be on the page as text (textContent), so the check is not vacuous. */
  texts?: string[];
  /** Values that some input or textarea must hold. */
  values?: string[];
  /** Runs after load, before the checks (opens a tab, a dialog…). */
  then?: (page: Page) => Promise<void>;
}

describe('stored XSS payloads never run (public site and back office)', () => {
  const { server, browser } = useBrowserSuite();
  let adminToken: string;
  let hostileToken: string;
  let postId: number;
  let conversationId: number;

  // The shared JSON helper, bound to this file's server.
  const api = <T = any>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(server, method, path, body, token);

  beforeAll(async () => {
    adminToken = (await api('POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
    // An administrator whose name is hostile: the back office is browsed as this user, so the
    // name shows in the shell, the user list, the reply thread and as the post's author.
    await api(
      'POST',
      '/api/auth/register',
      { email: 'xss-admin@example.com', name: H.userName, password: 'hostile-admin-pw', role: 'admin', isActive: true },
      adminToken,
    );
    hostileToken = (await api('POST', '/api/auth/login', { email: 'xss-admin@example.com', password: 'hostile-admin-pw' })).token;

    const category = await api('POST', '/api/blog-categories', { name: H.catName, slug: CAT_SLUG, description: H.catDescription }, hostileToken);
    const post = await api(
      'POST',
      '/api/blog-posts',
      {
        title: H.postTitle,
        slug: SLUG,
        content: CONTENT_MARKDOWN,
        excerpt: H.postExcerpt,
        featuredImage: H.featuredImage,
        metaTitle: H.metaTitle,
        metaDescription: H.metaDescription,
        categoryId: category.id,
        published: true,
      },
      hostileToken,
    );
    postId = post.id;

    await api(
      'POST',
      '/api/gallery/instagram',
      {
        title: H.instaTitle,
        description: H.instaDescription,
        category: H.instaCategory,
        instagramUrl: 'https://www.instagram.com/p/XssTest_1/',
        imageUrl: H.instaImageUrl,
        filename: '',
      },
      hostileToken,
    );
    const form = new FormData();
    form.append('title', H.uploadTitle);
    form.append('description', H.uploadDescription);
    form.append('category', H.uploadCategory);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#933' } })
      .jpeg()
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), H.uploadFilename);
    const up = await fetch(server.url + '/api/gallery', { method: 'POST', headers: { authorization: `Bearer ${hostileToken}` }, body: form });
    expect(up.status, await up.clone().text()).toBe(201);

    const contact = await api('POST', '/api/contact', {
      name: H.contactName,
      email: HOSTILE_EMAIL,
      subject: H.contactSubject,
      message: H.contactMessage,
      phone: H.contactPhone,
    });
    conversationId = contact.conversationId;
    await api('POST', `/api/conversations/${conversationId}/messages`, { content: H.replyContent }, hostileToken);

    // The hostile course is a class by appointment, so a booking may name it at any future time.
    await api('POST', '/api/timetable/classes', { name: H.resCourse, level: 'All Levels', byAppointment: true }, hostileToken);
    await api('POST', '/api/reservations', {
      name: H.resName,
      email: HOSTILE_EMAIL,
      phone: H.resPhone,
      course: H.resCourse,
      dateTime: `${addDays(todayInZone('Asia/Bangkok'), 40)}T10:00:00.000Z`,
      message: H.resMessage,
    });
    await api('POST', '/api/newsletter-subscribers', { email: HOSTILE_EMAIL, name: H.subscriberName, isActive: true });
  });

  /** A context without CSP enforcement; with a token, signed in before any page script runs. */
  async function context(token?: string, width = 1280): Promise<BrowserContext> {
    const ctx = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
    if (token) await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
    return ctx;
  }

  async function visitAll(ctx: BrowserContext, visits: Visit[]) {
    const page = await ctx.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss().catch(() => {});
    });
    const problems: string[] = [];
    for (const v of visits) {
      await page.goto(server.url + v.path);
      // Wait until the hostile content is rendered (the admin pages load it after sign-in).
      const first = v.texts?.[0];
      if (v.then) await v.then(page);
      else if (first) await page.waitForFunction((t) => document.body.textContent.includes(t), first, { timeout: 10_000 }).catch(() => {});
      // Scroll through, so lazily shown sections (landing gallery, blog teaser) render too.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 700) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 40));
        }
      });
      for (const t of v.texts ?? []) {
        const shown = await page
          .waitForFunction((s) => document.body.textContent.includes(s), t, { timeout: 3_000 })
          .then(
            () => true,
            () => false,
          );
        if (!shown) {
          const body = (await page.evaluate(() => document.body.innerText)).replace(/\s+/g, ' ').slice(0, 300);
          problems.push(`${v.path}: text not shown: ${t.slice(0, 80)} (at ${page.url()}: ${body})`);
        }
      }
      for (const value of v.values ?? []) {
        const has = await page.evaluate(
          (s) => Array.from(document.querySelectorAll('input, textarea')).some((el) => (el as HTMLInputElement).value === s),
          value,
        );
        if (!has) problems.push(`${v.path}: no field holds: ${value.slice(0, 80)}`);
      }
      // Give a broken <img src=x onerror> time to fail and fire.
      await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
      await page.waitForTimeout(150);
      const xss = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
      if (xss !== undefined) problems.push(`${v.path}: a payload ran (window.__xss = ${JSON.stringify(xss)})`);
      for (const sink of await scriptSinks(page)) problems.push(`${v.path}: script sink in the DOM: ${sink.slice(0, 200)}`);
    }
    await page.close();
    return { problems, dialogs };
  }

  it('the detector itself works: with the CSP bypassed, an injected handler would be caught', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(server.url + '/booking');
    await page.evaluate(() => {
      const div = document.createElement('div');
      div.innerHTML = `<img src=x onerror="window.__xss='self-test'">`;
      document.body.append(div);
    });
    await page.waitForFunction(() => (window as unknown as { __xss?: unknown }).__xss === 'self-test', undefined, { timeout: 5_000 });
    expect((await scriptSinks(page)).length).toBeGreaterThan(0);
    await ctx.close();
  });

  it('public pages show the hostile texts as text and run none of them', async () => {
    const ctx = await context();
    const { problems, dialogs } = await visitAll(ctx, [
      { path: '/', texts: [H.postTitle, H.instaTitle] },
      { path: '/booking', texts: ['Book Your Class'] },
      { path: '/blog', texts: [H.postTitle, H.postExcerpt] },
      { path: `/blog?category=${CAT_SLUG}`, texts: [H.postTitle] },
      { path: `/blog/${SLUG}`, texts: [H.postTitle, H.postExcerpt, 'XSS_CONTENT heading', 'XSS_JS_LINK', 'XSS_CONTENT_END', H.userName] },
      // Hostile text in the address itself (canonical URL, not-found page, query).
      { path: `/blog/${encodeURIComponent(`"><img src=x onerror=window.__xss='url-slug'>`)}`, texts: ['Article not found'] },
      {
        path: `/${encodeURIComponent(`"><svg onload=window.__xss='url-path'>`)}?q=${encodeURIComponent(`</script><script>window.__xss='url-q'</script>`)}`,
        texts: ['404'],
      },
      { path: `/blog?category=${encodeURIComponent(`"><img src=x onerror=window.__xss='url-cat'>`)}` },
    ]);
    // The Markdown link to javascript: is shown but neutralised (checked by scriptSinks too).
    const page = await ctx.newPage();
    await page.goto(`${server.url}/blog/${SLUG}`);
    const link = page.getByText('XSS_JS_LINK').first();
    await link.waitFor();
    const href = await link.evaluate((el) => el.closest('a')?.getAttribute('href') ?? null);
    expect(href ?? '').not.toMatch(/^\s*javascript:/i);
    expect(await page.title()).toContain('XSS_META_TITLE');
    await ctx.close();
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
  }, 90_000);

  it('public pages at phone width run none of them either', async () => {
    const ctx = await context(undefined, 390);
    const { problems, dialogs } = await visitAll(ctx, [
      { path: '/', texts: [H.postTitle] },
      { path: `/blog/${SLUG}`, texts: [H.postTitle] },
    ]);
    await ctx.close();
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  it('admin pages show the hostile texts as text and run none of them', async () => {
    const ctx = await context(hostileToken);
    const { problems, dialogs } = await visitAll(ctx, [
      { path: '/admin/dashboard', texts: [H.userName] },
      { path: '/admin/blog', texts: [H.postTitle] },
      {
        path: `/admin/blog/edit/${postId}`,
        values: [H.postTitle, H.postExcerpt, H.metaTitle, H.metaDescription, H.featuredImage, CONTENT_MARKDOWN],
        then: (page) => page.getByRole('textbox').first().waitFor(),
      },
      {
        path: `/admin/blog/edit/${postId}`,
        texts: ['XSS_CONTENT heading', 'XSS_JS_LINK', 'XSS_CONTENT_END'],
        then: async (page) => {
          await page.getByRole('tab', { name: 'Aperçu' }).click();
          await page.getByTestId('post-preview').getByText('XSS_CONTENT_END').waitFor();
        },
      },
      { path: '/admin/categories', texts: [H.catName, H.catDescription] },
      { path: '/admin/gallery', texts: [H.instaTitle, H.instaDescription, H.instaCategory, H.uploadTitle, H.uploadDescription] },
      { path: '/admin/users', texts: [H.userName] },
      { path: '/admin/newsletter', texts: [H.subscriberName, HOSTILE_EMAIL] },
      {
        path: '/admin/newsletter',
        texts: [H.contactName, H.contactMessage],
        then: async (page) => {
          await page.getByRole('tab', { name: /Messages Contact/ }).click();
        },
      },
      { path: '/admin/messages', texts: [H.contactName, H.contactSubject] },
      { path: `/admin/messages/${conversationId}`, texts: [H.contactName, H.contactSubject, H.contactMessage, H.replyContent] },
      { path: '/admin/reservations', texts: [H.resName, H.resCourse] },
      {
        path: '/admin/reservations',
        texts: [H.resName, H.resMessage, H.resPhone],
        then: async (page) => {
          await page
            .getByRole('button', { name: /^Voir la réservation de XSS_RES_NAME/ })
            .first()
            .click();
          await page.getByRole('dialog').waitFor();
        },
      },
    ]);
    await ctx.close();
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
  }, 90_000);

  it('admin lists at phone width (cards instead of tables) run none of them', async () => {
    const ctx = await context(hostileToken, 390);
    const { problems, dialogs } = await visitAll(ctx, [
      { path: '/admin/reservations', texts: [H.resName] },
      { path: '/admin/messages', texts: [H.contactName] },
    ]);
    await ctx.close();
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  it('the server-rendered HTML escapes every payload, and the state script cannot be closed early', async () => {
    // The raw-HTML detector sees a real handler and not an escaped one.
    expect(handlerAttributes(`<p title="a onerror=b">x onload=y</p><img src=x onerror="z">`)).toEqual(['<img onerror="z">']);
    for (const path of ['/', '/blog', `/blog?category=${CAT_SLUG}`, `/blog/${SLUG}`]) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('XSS_POST_TITLE');
      // Not one payload comes out as markup: "<" of stored text is always escaped.
      for (const raw of ['</script><script>window.__xss', '<script>window.__xss', '<img src=x onerror', '<svg onload', '<svg/onload', '<img/src=x/onerror']) {
        expect(html.includes(raw), `${path} holds unescaped ${raw}`).toBe(false);
      }
      // No attribute value was broken out of: no tag of the page has an event handler.
      expect(handlerAttributes(html), `${path} has inline handlers`).toEqual([]);
      // Each <script> element that carries data is JSON that parses back to the stored text.
      for (const m of html.matchAll(/<script type="application\/(?:ld\+)?json"[^>]*>([\s\S]*?)<\/script>/g)) {
        expect(() => JSON.parse(m[1]), path).not.toThrow();
      }
    }
    const article = await (await fetch(`${server.url}/blog/${SLUG}`)).text();
    const state = article.match(/<script type="application\/json" id="__QUERY_STATE__">([\s\S]*?)<\/script>/);
    expect(state, 'the article carries its state script').not.toBeNull();
    expect(() => JSON.parse(state![1])).not.toThrow();
    // The article is made of islands: the share buttons' props (the title among them) are JSON
    // in an attribute, escaped, and read back as the stored text.
    const props = article.match(/data-island="share-buttons"[^>]*data-props="([^"]*)"/);
    expect(props, 'the share buttons carry their props').not.toBeNull();
    const decoded = props![1]
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect((JSON.parse(decoded) as { title: string }).title).toBe(H.postTitle);
  });

  it('the content security policy allows no inline script', async () => {
    for (const path of ['/', '/booking', '/blog', `/blog/${SLUG}`, '/admin/login', '/admin/dashboard', '/no-such-page']) {
      const res = await fetch(server.url + path);
      const csp = res.headers.get('content-security-policy');
      expect(csp, path).toBeTruthy();
      const directives = new Map(
        csp!
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...values]) => [name.toLowerCase(), values] as const),
      );
      const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
      expect(scriptSrc, `${path}: script-src`).toBeTruthy();
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      expect(scriptSrc, path).not.toContain('*');
      expect(
        scriptSrc!.some((s) => /^data:|^https?:$|^http:|^https:$/i.test(s)),
        path,
      ).toBe(false);
      for (const d of ['script-src-attr', 'script-src-elem']) {
        const values = directives.get(d);
        if (values) expect(values, `${path}: ${d}`).not.toContain("'unsafe-inline'");
      }
      expect(directives.get('object-src'), path).toEqual(["'none'"]);
    }
  });

  it('with the CSP on, an injected inline script is refused by the browser', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.url}/blog/${SLUG}`);
    await page.getByText('XSS_CONTENT_END').first().waitFor();
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = "window.__xss='csp-test'";
      document.body.append(s);
      const div = document.createElement('div');
      div.innerHTML = `<img src=x onerror="window.__xss='csp-handler'">`;
      document.body.append(div);
    });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    await ctx.close();
  });
});
