import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, errorText, throwIfNotOk } from './api';

describe('API errors read "status: body" (SPEC.md §7)', () => {
  it('puts the status code, a colon, a space, then the body text', async () => {
    const err = await throwIfNotOk(new Response('{"error":"Le titre est requis"}', { status: 400, statusText: 'Bad Request' })).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('400: {"error":"Le titre est requis"}');
    expect(err.status).toBe(400);
    expect(err.serverMessage).toBe('Le titre est requis');
  });

  it('uses the status text when the body is empty', async () => {
    const err = await throwIfNotOk(new Response(null, { status: 404, statusText: 'Not Found' })).catch((e) => e);
    expect(err.message).toBe('404: Not Found');
    expect(err.serverMessage).toBeNull();
  });

  it('keeps a body that is not JSON as it is, with no server message', async () => {
    const err = await throwIfNotOk(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' })).catch((e) => e);
    expect(err.message).toBe('502: Bad gateway');
    expect(err.serverMessage).toBeNull();
  });

  it('lets a successful response through', async () => {
    await expect(throwIfNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('errorText shows the server sentence when there is one, else the fallback', async () => {
    const withMessage = new ApiError(409, '{"error":"Slug déjà utilisé"}', 'Slug déjà utilisé', 'Conflict');
    expect(errorText(withMessage, 'Failed to save post')).toBe('Slug déjà utilisé');
    expect(errorText(new ApiError(500, '', null, 'Internal Server Error'), 'Failed to save post')).toBe('Failed to save post');
    expect(errorText(new Error('Network error'), 'Failed to save post')).toBe('Failed to save post');
  });

  describe('apiRequest over HTTP', () => {
    let server: http.Server;
    let origin: string;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        if (req.url === '/empty-500') return res.writeHead(500, 'Internal Server Error').end();
        if (req.url === '/json-403') return res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"Accès réservé aux administrateurs"}');
        if (req.url === '/no-content') return res.writeHead(204).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('turns failed answers into the same messages', async () => {
      await expect(apiRequest('GET', `${origin}/empty-500`)).rejects.toThrow(/^500: Internal Server Error$/);
      await expect(apiRequest('GET', `${origin}/json-403`)).rejects.toThrow('403: {"error":"Accès réservé aux administrateurs"}');
    });

    it('reads JSON, and undefined for 204', async () => {
      await expect(apiRequest('GET', `${origin}/ok`)).resolves.toEqual({ ok: true });
      await expect(apiRequest('PUT', `${origin}/no-content`)).resolves.toBeUndefined();
    });
  });
});
