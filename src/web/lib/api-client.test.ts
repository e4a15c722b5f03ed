import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiGet, apiPost, apiRequest, configureApiClient, errorCode, errorText, fromRaw, throwIfNotOk } from './api-client';

// A failed call, as the ApiError it rejected with.
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as ApiError,
  );

describe('API errors read "status: body" (SPEC.md §7)', () => {
  it('puts the status code, a colon, a space, then the body text', async () => {
    const err = await failure(throwIfNotOk(new Response('{"error":"Le titre est requis"}', { status: 400, statusText: 'Bad Request' })));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('400: {"error":"Le titre est requis"}');
    expect(err.status).toBe(400);
    expect(err.body).toBe('{"error":"Le titre est requis"}');
    expect(err.serverMessage).toBe('Le titre est requis');
  });

  it('uses the status text when the body is empty', async () => {
    const err = await failure(throwIfNotOk(new Response(null, { status: 404, statusText: 'Not Found' })));
    expect(err.message).toBe('404: Not Found');
    expect(err.serverMessage).toBeNull();
  });

  it('keeps a body that is not JSON as it is, with no server message', async () => {
    const err = await failure(throwIfNotOk(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' })));
    expect(err.message).toBe('502: Bad gateway');
    expect(err.serverMessage).toBeNull();
  });

  it('reads the stable code beside the sentence; none when the body has none', async () => {
    const err = await failure(throwIfNotOk(new Response('{"error":"This class is full","code":"slot_full"}', { status: 409 })));
    expect(err.code).toBe('slot_full');
    expect(err.serverMessage).toBe('This class is full');
    expect(errorCode(err)).toBe('slot_full');
    expect(new ApiError(409, '{"error":"Conflict"}').code).toBeNull();
    expect(new ApiError(502, 'Bad gateway').code).toBeNull();
    expect(new ApiError(409, '{"error":"x","code":7}').code).toBeNull();
    expect(errorCode(new Error('offline'))).toBeNull();
  });

  it('hands the translation the sentence and its code', () => {
    const err = new ApiError(401, '{"error":"Authentication required","code":"unauthorized"}', '', (message, code) => `${code}|${message}`);
    expect(err.serverMessage).toBe('unauthorized|Authentication required');
    expect(err.code).toBe('unauthorized');
  });

  it('has no server message when the JSON body has no error text', () => {
    expect(new ApiError(409, '{"error":42}').serverMessage).toBeNull();
    expect(new ApiError(409, '[]').serverMessage).toBeNull();
  });

  it('lets a successful response through', async () => {
    await expect(throwIfNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('errorText shows the server sentence when there is one, else the fallback', () => {
    expect(errorText(new ApiError(409, '{"error":"Slug déjà utilisé"}', 'Conflict'), 'Failed to save post')).toBe('Slug déjà utilisé');
    expect(errorText(new ApiError(500, '', 'Internal Server Error'), 'Failed to save post')).toBe('Failed to save post');
    expect(errorText(new Error('Network error'), 'Failed to save post')).toBe('Failed to save post');
  });

  it('the server-rendering reader fails with the same messages', async () => {
    const get = fromRaw(async (path) =>
      path === '/missing'
        ? { status: 404, body: '{"error":"Post not found"}', statusText: 'Not Found' }
        : path === '/empty'
          ? { status: 500, body: '', statusText: 'Internal Server Error' }
          : { status: 200, body: '{"ok":true}' },
    );
    await expect(get('/ok')).resolves.toEqual({ ok: true });
    const missing = await failure(get('/missing'));
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing.message).toBe('404: {"error":"Post not found"}');
    expect(missing.serverMessage).toBe('Post not found');
    await expect(get('/empty')).rejects.toThrow(/^500: Internal Server Error$/);
  });
});

describe('the client over HTTP', () => {
  let server: http.Server;
  let origin: string;
  const auth: (string | undefined)[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      auth.push(req.headers.authorization);
      if (req.url === '/empty-500') return res.writeHead(500, 'Internal Server Error').end();
      if (req.url === '/json-403') return res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"Accès réservé aux administrateurs"}');
      if (req.url === '/expired') return res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Unauthorized"}');
      if (req.url === '/no-content') return res.writeHead(204).end();
      if (req.url === '/echo') {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString('utf8')));
        req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ type: req.headers['content-type'], body })));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => configureApiClient({}));

  it('turns failed answers into the same messages', async () => {
    await expect(apiRequest('GET', `${origin}/empty-500`)).rejects.toThrow(/^500: Internal Server Error$/);
    await expect(apiGet(`${origin}/json-403`)).rejects.toThrow('403: {"error":"Accès réservé aux administrateurs"}');
  });

  it('reads JSON, and undefined for 204', async () => {
    await expect(apiGet(`${origin}/ok`)).resolves.toEqual({ ok: true });
    await expect(apiRequest('PUT', `${origin}/no-content`)).resolves.toBeUndefined();
    await expect(apiPost(`${origin}/echo`, { a: 1 })).resolves.toEqual({ type: 'application/json', body: '{"a":1}' });
  });

  it('sends no token until the back office configures one, then sends it as a bearer', async () => {
    auth.length = 0;
    await apiGet(`${origin}/ok`);
    configureApiClient({ getToken: () => 'abc' });
    await apiGet(`${origin}/ok`);
    await apiRequest('POST', `${origin}/ok`, {}, { anonymous: true });
    expect(auth).toEqual([undefined, 'Bearer abc', undefined]);
  });

  it('calls the signed-out handler on a 401 to a request that carried a token, and only then', async () => {
    let signedOut = 0;
    configureApiClient({ getToken: () => null, onUnauthorized: () => signedOut++ });
    await expect(apiGet(`${origin}/expired`)).rejects.toThrow('401: {"error":"Unauthorized"}');
    expect(signedOut).toBe(0);
    configureApiClient({ getToken: () => 'abc', onUnauthorized: () => signedOut++ });
    await expect(apiRequest('POST', `${origin}/expired`, {}, { anonymous: true })).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).toBe(0);
    await expect(apiGet(`${origin}/expired`)).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).toBe(1);
    await expect(apiGet(`${origin}/json-403`)).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).toBe(1);
  });
});
