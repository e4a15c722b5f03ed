import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

const YEAR = 365 * 24 * 3600;

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gym</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>The front end is not built</h1><p>Run <code>npm run build</code>, then start the server again.</p></body></html>`;

/** Whether a path names a page of the public site (counted as a page view). */
const isPublicPage = (url: string) => !url.startsWith('/admin');

export async function webRoutes(app: FastifyInstance, ctx: AppContext) {
  const uploadsDir = path.join(ctx.config.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  // Upload file names are unique per content, so they never change: cache for a year.
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: YEAR * 1000,
  });

  const clientDir = ctx.config.clientDir;
  const indexFile = path.join(clientDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    // Vite's hashed assets never change; everything else in the build is revalidated.
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', `public, max-age=${YEAR}, immutable`);
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  let indexHtml: string | undefined;
  const readIndex = () => (indexHtml ??= built ? fs.readFileSync(indexFile, 'utf8') : NOT_BUILT);

  async function servePage(req: FastifyRequest, reply: FastifyReply) {
    const url = req.url.split('?')[0];
    if (isPublicPage(url)) ctx.stats.incrementBuffered('page_view');
    return reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(readIndex());
  }

  app.get('/', servePage);

  // Unknown /api paths answer JSON; any other GET is a page of the single-page app.
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ error: 'Not found' });
    }
    // A missing file with an extension (an old asset) is a 404, not the app's HTML.
    if (/\.[a-z0-9]{1,8}$/i.test(url) && !url.endsWith('.html')) return reply.code(404).send({ error: 'Not found' });
    return servePage(req, reply);
  });
}
