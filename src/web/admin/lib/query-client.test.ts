import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminQueryClient } from './query-client';

describe('admin query client (SPEC.md §7/§9 data-layer defaults)', () => {
  it('never retries, never refetches on focus or by polling, never goes stale, collects garbage after 5 minutes', () => {
    const { queries, mutations } = createAdminQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.gcTime).toBe(5 * 60 * 1000);
    expect(mutations?.retry).toBe(false);
  });

  it('gives every client its own cache', () => {
    const a = createAdminQueryClient();
    const b = createAdminQueryClient();
    a.setQueryData(['/api/x'], 1);
    expect(b.getQueryData(['/api/x'])).toBeUndefined();
  });

  describe('default query function', () => {
    let server: http.Server;
    let origin: string;
    const seen: string[] = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        seen.push(req.url ?? '');
        if (req.url === '/api/broken') return res.writeHead(503, 'Service Unavailable').end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('reads the key as URL segments, and the answer stays fresh', async () => {
      const client = createAdminQueryClient();
      const data = await client.fetchQuery({ queryKey: [`${origin}/api/conversations`, 5, 'messages'] });
      expect(data).toEqual({ url: '/api/conversations/5/messages' });
      expect(
        client
          .getQueryCache()
          .find({ queryKey: [`${origin}/api/conversations`, 5, 'messages'] })
          ?.isStale(),
      ).toBe(false);
    });

    it('asks once when the server fails: the error is "status: status text"', async () => {
      const client = createAdminQueryClient();
      const before = seen.filter((u) => u === '/api/broken').length;
      // Through an observer, as a screen's useQuery does (fetchQuery never retries anyway).
      const observer = new QueryObserver(client, { queryKey: [`${origin}/api/broken`] });
      const error = await new Promise<Error>((resolve) => {
        const unsubscribe = observer.subscribe((r) => {
          if (r.status === 'error') {
            unsubscribe();
            resolve(r.error);
          }
        });
      });
      expect(error.message).toBe('503: Service Unavailable');
      await new Promise((r) => setTimeout(r, 1500)); // a retry would come after 1 s
      expect(seen.filter((u) => u === '/api/broken').length - before).toBe(1);
    });
  });
});
