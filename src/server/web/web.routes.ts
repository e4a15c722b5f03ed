import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ViteDevServer } from 'vite';
import type { AppContext } from '../context';
import { headFor, renderHead } from '../seo/meta';
import type { SeoPost } from '../seo/json-ld';
import { seoRoutes } from '../seo/seo.routes';
import { uploadsRoutes } from '../media/uploads-route';
import { jsonForScript } from '../seo/html';
import { localizedSiteSettings } from '../site-settings/site-settings.service';
import { devRenderer, injectGet, loadRenderer, withGymTimeZone, withLanguage, type Renderer } from './ssr';
import { localePath, splitLanguage } from '../../shared/i18n/paths';
import { LANGUAGES, LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';

const YEAR = 365 * 24 * 3600;

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gym</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>The front end is not built</h1><p>Run <code>npm run build</code>, then start the server again.</p></body></html>`;

/** The pages behind a link's key (src/web/app/pages.ts, matchPage) and the parameter holding it. */
const LINK_PAGES = [
  ['/booking/manage/:token', 'token'],
  ['/booking/order/:token', 'token'],
  ['/booking/waitlist/:token', 'token'],
  ['/verify/:code', 'code'],
] as const;

/**
 * What the back office shows while its code loads (a phone at the desk may wait seconds); the
 * browser's first render replaces it (createRoot, src/web/app-boot.tsx).
 */
const ADMIN_LOADING =
  '<p role="status" lang="fr" style="margin:0;padding:1.5rem 1rem;font:500 1rem/1.5 system-ui,sans-serif;color:#374151">Chargement du back-office…</p>';

/** Whether a path names a page of the public site (counted as a page view). */
const isPublicPage = (url: string) => !url.startsWith('/admin');

export async function webRoutes(app: FastifyInstance, ctx: AppContext, opts: { vite?: ViteDevServer } = {}) {
  // Public images, from DATA_DIR/uploads or the S3 bucket (media/uploads-route.ts).
  await uploadsRoutes(app, ctx);

  const clientDir = ctx.config.clientDir;
  const indexFile = path.join(clientDir, 'index.html');
  // In development Vite serves the modules and public/; the build is not used.
  const built = !opts.vite && fs.existsSync(indexFile);
  if (built) {
    // Vite's hashed assets never change; everything else in the build is revalidated. The
    // template and the manifest are the server's, not pages or files to serve.
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      wildcard: false,
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', `public, max-age=${YEAR}, immutable`);
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }

  await seoRoutes(app, ctx);

  const builtRenderer: Renderer | null = built ? await loadRenderer(clientDir) : null;
  if (built && !builtRenderer) app.log.warn('the SSR bundle (dist/server) is missing: public pages are served without server rendering');
  const { vite } = opts;
  // Development: the renderer and the template are read through Vite on each page, so an
  // edited component shows on the next reload.
  const rendererFor = async (url: string): Promise<Renderer | null> => (vite ? devRenderer(vite, url) : builtRenderer);
  const blank = (template: string) => template.replace('<!--app-head-->', '').replace('<!--app-html-->', '').replace('<!--app-state-->', '');
  let shell: string | undefined;
  // Without server rendering (admin, or no SSR bundle) the page is the bare client shell.
  const readShell = (renderer: Renderer | null) =>
    renderer ? blank(renderer.template) : (shell ??= built ? blank(fs.readFileSync(indexFile, 'utf8')) : NOT_BUILT);

  // Every page carries the gym's time zone for the browser's date formatting.
  // The language is the URL's (/de/…), never the visitor's headers: any cache keyed by URL
  // keeps each language apart, and the answer does not vary with Accept-Language.
  const sendHtml = (reply: FastifyReply, status: number, html: string, language: Language = 'en', cache = 'no-cache') =>
    reply
      .code(status)
      .header('Cache-Control', cache)
      .header('Content-Language', LANGUAGE_TAGS[language])
      .type('text/html; charset=utf-8')
      .send(withLanguage(withGymTimeZone(html, ctx.config.timezone), language));

  async function servePage(req: FastifyRequest, reply: FastifyReply) {
    const url = req.url;
    const pathname = url.split('?')[0];
    if (isPublicPage(pathname)) ctx.stats.incrementBuffered('page_view');
    const publicUrl = ctx.config.publicUrl;
    const language = splitLanguage(pathname).language;

    const renderer = await rendererFor(url);
    if (!renderer) return sendHtml(reply, 200, readShell(null));
    const kind = renderer.entry.matchPage(pathname).kind;
    // The gym's facts as stored (site settings), in the page's language: the head, the page
    // and, in the state script, the browser (useSiteSettings) all show the same ones.
    const site = await localizedSiteSettings(ctx, language);
    if (kind === 'admin') {
      // The back office is client-only; its head only keeps it out of search results.
      const screen = renderer.entry.ADMIN_SCREEN_MODULES[pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname] ?? [];
      const head = `${renderHead(publicUrl, headFor(publicUrl, { kind: 'admin', url }, site))}\n    ${renderer.preloadLinks('admin', screen)}`;
      const state = `<script type="application/json" id="${renderer.entry.QUERY_STATE_ID}">${jsonForScript({ siteUrl: publicUrl, site })}</script>`;
      return sendHtml(
        reply,
        200,
        renderer.template
          .replace('<!--app-head-->', head)
          .replace('<!--app-html-->', ADMIN_LOADING)
          .replace('<!--app-state-->', () => state)
          .replace('</head>', () => `  ${renderer.stylesheetLinks('admin', screen)}\n  </head>`),
      );
    }

    try {
      const result = await renderer.entry.render(url, {
        get: injectGet(app, req.ip),
        siteUrl: publicUrl,
        site,
        timeZone: ctx.config.timezone,
        onError: (err) => req.log.error({ err }, 'server rendering: a part of the page is left to the browser'),
      });
      const categoryName = kind === 'blog' ? await categoryNameFor(app, url) : null;
      const head = headFor(publicUrl, { kind: result.page.kind, url, post: result.post as SeoPost | null, categoryName, language }, site);
      const state = `<script type="application/json" id="${renderer.entry.QUERY_STATE_ID}">${jsonForScript({ ...(result.islands ? { islands: true, data: result.data } : { queries: result.state }), siteUrl: publicUrl, site, i18n: result.i18n })}</script>`;
      // A page made of islands goes without module preloads (ssr.ts, withoutModulePreloads).
      const html = (result.islands ? renderer.islandTemplate : renderer.template)
        .replace(
          '<!--app-head-->',
          result.islands ? renderHead(publicUrl, head) : `${renderHead(publicUrl, head)}\n    ${renderer.preloadLinks(result.page.kind)}`,
        )
        .replace('<!--app-html-->', () => result.html)
        .replace('<!--app-state-->', () => state);
      // An order or a booking behind a token is one visitor's, and its page now carries the data:
      // kept by no cache, shared or not.
      return sendHtml(reply, result.status, html, language, isPrivatePage(result.page.kind) ? 'no-store' : 'no-cache');
    } catch (err) {
      // A rendering bug must not take the site down: the browser renders the page instead,
      // with the page's language and settings.
      req.log.error({ err }, 'server rendering failed; sending the client shell');
      const state = `<script type="application/json" id="${renderer.entry.QUERY_STATE_ID}">${jsonForScript({ siteUrl: publicUrl, site, i18n: renderer.entry.i18nBootFor(pathname) })}</script>`;
      const html = renderer.template
        .replace('<!--app-head-->', '')
        .replace('<!--app-html-->', '')
        .replace('<!--app-state-->', () => state);
      return sendHtml(reply, kind === 'not-found' ? 404 : 200, html, language, isPrivatePage(kind) ? 'no-store' : 'no-cache');
    }
  }

  // Unknown /api paths answer JSON; any other GET is a page (rendered, or the 404 page).
  async function anyPath(req: FastifyRequest, reply: FastifyReply) {
    const url = req.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ error: 'Not found', code: 'not_found' });
    }
    // A missing file with an extension (an old asset) is a 404, not the app's HTML.
    if (/\.[a-z0-9]{1,8}$/i.test(url) && !url.endsWith('.html')) return reply.code(404).send({ error: 'Not found', code: 'not_found' });
    return servePage(req, reply);
  }

  app.get('/', servePage);
  // Pages opened by a link's key (e-mails, a letter's QR code), in every language, and the reset
  // link: routes of their own, so that they declare the key the request log must not show.
  for (const language of LANGUAGES) {
    for (const [page, key] of LINK_PAGES) app.get(localePath(language, page), { config: { secretParams: [key] } }, anyPath);
  }
  app.get('/admin/reset-password', { config: { secretQuery: ['token'] } }, anyPath);
  // My page's sign-in link (issue 47): its token is in the query.
  for (const language of LANGUAGES) app.get(localePath(language, '/me/sign-in'), { config: { secretQuery: ['token'] } }, anyPath);
  // Pages are real routes (not the not-found handler) so that they get compressed: the
  // compression plugin only hooks routes. More specific routes (API, files) win over '/*'.
  app.get('/*', anyPath);
  app.setNotFoundHandler(anyPath);
}

/** The name of the category a filtered blog list shows, for its title. */
async function categoryNameFor(app: FastifyInstance, url: string): Promise<string | null> {
  const slug = new URLSearchParams(url.split('?')[1] ?? '').get('category');
  if (!slug) return null;
  const res = await app.inject({ method: 'GET', url: '/api/blog-categories' });
  if (res.statusCode !== 200) return null;
  const list = JSON.parse(res.body) as { slug: string; name: string }[];
  return list.find((c) => c.slug === slug)?.name ?? null;
}

/** Pages behind a token (an order, a booking, a waiting-list place, a visa letter's check): no cache keeps them. */
const isPrivatePage = (kind: string) =>
  kind === 'order' || kind === 'manage-booking' || kind === 'waitlist' || kind === 'verify' || kind === 'me' || kind === 'me-sign-in';
