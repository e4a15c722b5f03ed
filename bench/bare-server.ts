// The baseline: a bare node:http server that answers each benchmarked path with the exact
// bytes the app answered, so the ratio measures what the app adds on top of Node itself.
import fs from 'node:fs';
import http from 'node:http';

interface Canned {
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}

const routes: Record<string, Canned> = JSON.parse(fs.readFileSync(process.env.BARE_ROUTES_FILE!, 'utf8'));
const server = http.createServer((req, res) => {
  const key = `${req.method} ${req.url}`;
  const canned = routes[key];
  // Read the whole request body first, as the app does.
  req.on('data', () => {});
  req.on('end', () => {
    if (!canned) {
      res.writeHead(404).end();
      return;
    }
    const body = Buffer.from(canned.body, 'base64');
    res.writeHead(canned.status, { ...canned.headers, 'content-length': body.length });
    res.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
