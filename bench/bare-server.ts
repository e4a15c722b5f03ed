// The baseline: a bare node:http server that answers each benchmarked path with the exact
// bytes the app answered, so the ratio measures what the app adds on top of Node itself.
import fs from 'node:fs';
import http from 'node:http';

interface Canned {
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}

const canned = JSON.parse(fs.readFileSync(process.env.BARE_ROUTES_FILE!, 'utf8')) as Record<string, Canned>;
// Decoded once: per request the bare server does no more than write the bytes.
const routes = new Map(
  Object.entries(canned).map(([key, c]) => {
    const body = Buffer.from(c.body, 'base64');
    return [key, { status: c.status, body, headers: { ...c.headers, 'content-length': String(body.length) } }];
  }),
);
const server = http.createServer((req, res) => {
  const key = `${req.method} ${req.url}`;
  const route = routes.get(key);
  // Read the whole request body first, as the app does.
  req.on('data', () => {});
  req.on('end', () => {
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(route.status, route.headers);
    res.end(route.body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
