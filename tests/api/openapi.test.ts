import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_CODE_LIST } from '../../src/shared/error-codes';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The API describes itself from the routes' own schemas (GET /api/openapi.json, /api/docs).
// One backend is enough: the document does not depend on the database.

/** Routes that take no body although their method could carry one. */
const NO_BODY = new Set([
  'POST /api/auth/logout',
  'POST /api/me/check-in-code/renew',
  'POST /api/site-settings/history/:id/restore',
  'POST /api/demo/remove',
  // The e-mail links' buttons: the token is in the query; a form body (RFC 8058's
  // List-Unsubscribe=One-Click) is accepted and ignored.
  'POST /api/newsletter/confirm',
  'POST /api/newsletter/unsubscribe',
  'POST /api/push/test',
  'POST /api/auth/two-factor/setup',
  'PUT /api/conversations/:id/mark-read',
  'PUT /api/reservations/:id/read',
  'PUT /api/reservations/:id/archive',
  'PUT /api/reservations/:id/unarchive',
  'PUT /api/reservations/:id/unread',
  'PUT /api/conversations/:id/mark-unread',
  'POST /api/gallery/:id/restore',
  'PUT /api/reservations/:id/cancel',
  'POST /api/bookings/manage/:token/cancel',
  'POST /api/waitlist/:token/leave',
  'POST /api/waitlist/:token/accept',
  'POST /api/orders/by-token/:token/checkout',
  'POST /api/orders/:id/cancel',
  'POST /api/inbound/failures/:id/retry',
  'POST /api/inbound/failures/:id/dismiss',
  'POST /api/inbound/held/:id/dismiss',
  'POST /api/visa-letters/:id/issue',
  'POST /api/stays/:id/check-out',
  'POST /api/discount-codes/:id/disable',
  // Newsletter campaigns (issue 48): a post made a draft, a campaign stopped.
  'POST /api/campaigns/from-post/:id',
  'POST /api/campaigns/:id/cancel',
  // My page's actions by record id (decision 187).
  'POST /api/me/bookings/:id/cancel',
  'POST /api/me/waitlist/:id/leave',
  'POST /api/me/waitlist/:id/accept',
  'POST /api/me/orders/:id/pay',
]);

/** Routes whose success is an image, not JSON: the type they answer. */
const IMAGE_ANSWERS: Record<string, string> = {
  'GET /api/orders/by-token/:token/promptpay.svg': 'image/svg+xml',
  'GET /api/orders/:id/slip': 'image/webp',
  'GET /api/conversations/:id/attachments/:attachmentId': 'application/octet-stream',
  'GET /api/orders/by-token/:token/receipt.pdf': 'application/pdf',
  'GET /api/orders/by-token/:token/attendance.pdf': 'application/pdf',
  'GET /api/orders/:id/receipt.pdf': 'application/pdf',
  'GET /api/orders/:id/attendance.pdf': 'application/pdf',
  'GET /api/orders/by-token/:token/visa-letter.pdf': 'application/pdf',
  'GET /api/visa-letters/:id/letter.pdf': 'application/pdf',
  'GET /api/customers/:id/waiver.pdf': 'application/pdf',
  'GET /api/me/waiver.pdf': 'application/pdf',
  'GET /api/me/orders/:id/receipt.pdf': 'application/pdf',
  'GET /api/me/orders/:id/visa-letter.pdf': 'application/pdf',
  'GET /api/me/check-in.svg': 'image/svg+xml',
};

interface Operation {
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
  security?: Record<string, string[]>[];
}

describe('the API document', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };
  let text: string;
  let apiRoutes: { method: string; url: string; access: string | undefined }[];
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    // Data the document must never carry.
    const admin = await t.signIn('admin', { email: 'doc-leak-admin@example.com', name: 'Zebulon Docleak' });
    secrets.push(admin.token, admin.email, admin.password, 'Zebulon Docleak');
    const cat = await t.inject({
      method: 'POST',
      url: '/api/blog-categories',
      token: admin.token,
      payload: { name: 'Quokka category', slug: 'quokka-category' },
    });
    expect(cat.statusCode).toBe(201);
    const post = await t.inject({
      method: 'POST',
      url: '/api/blog-posts',
      token: admin.token,
      payload: { title: 'Pangolin title', slug: 'pangolin-title', content: 'Armadillo content', categoryId: cat.json().id, published: true },
    });
    expect(post.statusCode).toBe(201);
    secrets.push('Quokka category', 'Pangolin title', 'Armadillo content');

    const res = await t.inject({ method: 'GET', url: '/api/openapi.json', token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    text = res.body;
    doc = res.json();
    apiRoutes = t.app.routeCatalogue.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json');
  });
  afterAll(() => t?.close());

  const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');
  const operation = (r: { method: string; url: string }) => doc.paths[pathOf(r.url)]?.[r.method.toLowerCase()];

  it('is valid OpenAPI 3', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every registered /api route, and nothing else', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    expect(apiRoutes.filter((r) => !operation(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // Pages, files and the document's own routes are not API.
    const described = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(described.sort()).toEqual(apiRoutes.map((r) => `${r.method} ${pathOf(r.url)}`).sort());
  });

  it('describes the body of every route that takes one', () => {
    const missing: string[] = [];
    for (const r of apiRoutes) {
      if (r.method === 'GET' || r.method === 'DELETE' || NO_BODY.has(`${r.method} ${r.url}`)) {
        expect(operation(r)?.requestBody, `${r.method} ${r.url} takes no body`).toBeUndefined();
        continue;
      }
      const content = operation(r)?.requestBody?.content ?? {};
      const schema = content['application/json']?.schema ?? content['multipart/form-data']?.schema;
      if (!schema || !('properties' in schema)) missing.push(`${r.method} ${r.url}`);
    }
    expect(missing).toEqual([]);
    // The upload is multipart: the image and the text fields.
    const upload = operation({ method: 'POST', url: '/api/gallery' })?.requestBody?.content?.['multipart/form-data']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(upload.properties).sort()).toEqual(['category', 'description', 'image', 'title']);
  });

  it('describes a 2xx JSON answer of every route (204 for the deletes)', () => {
    const missing: string[] = [];
    for (const r of apiRoutes) {
      const responses = operation(r)?.responses ?? {};
      const ok = Object.keys(responses).filter((code) => /^2\d\d$/.test(code));
      if (ok.length === 0) missing.push(`${r.method} ${r.url}: no 2xx`);
      for (const code of ok) {
        if (code === '204') continue;
        const type = IMAGE_ANSWERS[`${r.method} ${r.url}`] ?? 'application/json';
        const schema = responses[code].content?.[type]?.schema;
        if (!schema || Object.keys(schema).length === 0) missing.push(`${r.method} ${r.url}: ${code} without a JSON schema`);
      }
    }
    expect(missing).toEqual([]);
    // Error answers are described with their shape.
    const login = operation({ method: 'POST', url: '/api/auth/login' })?.responses ?? {};
    expect(login['400']?.content?.['application/json']?.schema).toMatchObject({ properties: { error: { type: 'string' } } });
  });

  it('lists the error codes: every error answer names them, the description says what each means', () => {
    const missing: string[] = [];
    for (const r of apiRoutes) {
      for (const [status, answer] of Object.entries(operation(r)?.responses ?? {})) {
        if (!/^[45]\d\d$/.test(status)) continue;
        const schema = answer.content?.['application/json']?.schema as { required?: string[]; properties?: { code?: { enum?: string[] } } } | undefined;
        const codes = schema?.properties?.code?.enum;
        if (!codes || [...codes].sort().join() !== [...ERROR_CODE_LIST].sort().join() || !schema?.required?.includes('code')) {
          missing.push(`${r.method} ${r.url} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
    const description = (doc as unknown as { info: { description: string } }).info.description;
    for (const [code, meaning] of Object.entries(ERROR_CODES)) expect(description).toContain(`\`${code}\`: ${meaning}`);
  });

  it('marks the routes that need the bearer token', () => {
    for (const r of apiRoutes) {
      const security = operation(r)?.security;
      if (r.access === 'public') expect(security, `${r.method} ${r.url}`).toBeUndefined();
      else expect(security, `${r.method} ${r.url}`).toEqual([{ bearer: [] }]);
    }
  });

  it('holds no data: no account, token, post or category of the database', () => {
    for (const s of secrets) expect(text.includes(s), s).toBe(false);
    expect(text).not.toMatch(/"examples?"\s*:/);
  });

  it('GET /api/docs answers the reference page, which loads only its own files under the site CSP', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-ui');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Every script is a same-origin file (no inline code the CSP would block).
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\.\/static\/[^"]+\.js"/);
      expect(body.trim()).toBe('');
    }
    for (const [, src] of res.body.matchAll(/src="\.\/(static\/[^"]+)"/g)) {
      const file = await t.inject({ method: 'GET', url: `/api/docs/${src}` });
      expect(file.statusCode, src).toBe(200);
    }
    const bare = await t.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(bare.statusCode);
  });
});
