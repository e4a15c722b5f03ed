import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ViteDevServer } from 'vite';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import type { PageKind } from '../seo/meta';
import { LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';

// The server half of server rendering: loads the SSR bundle (dist/server/entry-server.js,
// built by `vite build --ssr`), the HTML template and Vite's manifest (dist/client).

export interface RenderResult {
  html: string;
  status: number;
  page: { kind: PageKind; slug?: string };
  state: unknown;
  post: unknown;
  i18n: { language: Language; messages: unknown };
  islands: boolean;
  /** The API reads the islands were rendered with, by key (src/web/lib/resource.ts). */
  data: Record<string, unknown>;
}

interface EntryServer {
  render(
    url: string,
    opts: {
      get: (path: string) => Promise<{ status: number; body: string; statusText?: string }>;
      siteUrl: string;
      site: SiteSettings;
      timeZone: string;
      onError?: (err: unknown) => void;
    },
  ): Promise<RenderResult>;
  matchPage(pathname: string): { kind: PageKind; slug?: string };
  i18nBootFor(pathname: string): { language: Language; messages: unknown };
  PAGE_MODULES: Record<PageKind, string[]>;
  ADMIN_SCREEN_MODULES: Record<string, string[]>;
  QUERY_STATE_ID: string;
}

/**
 * Writes the gym's time zone (GYM_TIMEZONE) on the page's <html> element, where the browser
 * reads it (src/web/lib/gym-zone.ts). Every HTML page the server sends goes through here.
 */
export function withGymTimeZone(html: string, timeZone: string): string {
  const value = timeZone.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html.replace(/<html\b/i, () => `<html data-gym-time-zone="${value}"`);
}

/** The page's language on its <html lang> (the template says "en"). */
export function withLanguage(html: string, language: Language): string {
  return html.replace(/<html\b([^>]*?)\slang="[^"]*"/i, (_m, before: string) => `<html${before} lang="${LANGUAGE_TAGS[language]}"`);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface Renderer {
  entry: EntryServer;
  template: string;
  /** The template without its <link rel="modulepreload"> tags, for pages made of islands. */
  islandTemplate: string;
  /**
   * <link rel="modulepreload"> tags for a page's chunks (not those index.html already loads),
   * with `extra` source modules (a back-office screen's own chunk).
   */
  preloadLinks(kind: PageKind, extra?: readonly string[]): string;
  /**
   * <link rel="stylesheet"> tags for the same chunks' stylesheets, which a chunk otherwise asks
   * for only once its script has run. They go last in <head>: after the site's inline styles,
   * as the chunk would have added them.
   */
  stylesheetLinks(kind: PageKind, extra?: readonly string[]): string;
}

export async function loadRenderer(clientDir: string): Promise<Renderer | null> {
  const serverEntry = path.join(path.dirname(clientDir), 'server', 'entry-server.js');
  const templateFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(templateFile)) return null;
  const entry = (await import(pathToFileURL(serverEntry).href)) as EntryServer;
  const template = inlineStylesheets(fs.readFileSync(templateFile, 'utf8'), clientDir);
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};

  /** A module's own file and the files it imports, by manifest key (their stylesheets in `css`). */
  const filesOf = (key: string, files = new Set<string>(), css = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    chunk.css?.forEach((f) => css.add(f));
    chunk.imports?.forEach((k) => filesOf(k, files, css));
    return files;
  };
  const runtime = filesOf('src/web/islands/boot.ts');
  const later = [...filesOf('src/web/islands/hydrate-island.tsx')].filter((f) => !runtime.has(f));

  const cache = new Map<string, { modules: string; styles: string }>();
  const linksFor = (kind: PageKind, extra: readonly string[]) => {
    const cacheKey = [kind, ...extra].join(' ');
    const hit = cache.get(cacheKey);
    if (hit !== undefined) return hit;
    const files = new Set<string>();
    const css = new Set<string>();
    for (const src of [...(entry.PAGE_MODULES[kind] ?? []), ...extra]) filesOf(src, files, css);
    const notInTemplate = (f: string) => !template.includes(`/${f}"`);
    const links = {
      modules: [...files]
        .filter(notInTemplate)
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`)
        .join('\n    '),
      styles: [...css]
        .filter(notInTemplate)
        .map((f) => `<link rel="stylesheet" href="/${f}" />`)
        .join('\n    '),
    };
    cache.set(cacheKey, links);
    return links;
  };
  const preloadLinks = (kind: PageKind, extra: readonly string[] = []) => linksFor(kind, extra).modules;
  const stylesheetLinks = (kind: PageKind, extra: readonly string[] = []) => linksFor(kind, extra).styles;
  return { entry, template, islandTemplate: startedAfterPaint(withoutModulePreloads(template), clientDir, later), preloadLinks, stylesheetLinks };
}

/**
 * Pages made of islands get no module preloads: their HTML is the page, and Lighthouse's
 * simulation counts preloaded scripts on the way to the first paint. Measured on /, /blog
 * (decision 119): with the hints LCP 1.9–2.2 s and performance 96–98; without, LCP 1.0–1.4 s and
 * 100. The scripts then load one after the other (entry, runtime, islands), later but off the
 * first paint; a tap meanwhile is held and replayed (islands/boot.ts).
 */
// eslint-disable-next-line regexp/no-super-linear-move -- runs once on our own built index.html, never on outside input
const withoutModulePreloads = (template: string) => template.replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '');

/**
 * On a page made of islands the module entry is not in the HTML: a small classic script
 * (src/web/start-islands.ts, deferred, low priority) asks for it once the first contentful
 * paint is on screen. Lighthouse's simulation counts a high-priority script that arrived before
 * a paint as holding it back, and every module script is high priority (decision 122).
 * `later` (React and the islands' hydration, decision 123) is listed on the same tag for the
 * islands runtime to prefetch once the page has loaded.
 */
function startedAfterPaint(template: string, clientDir: string, later: string[]): string {
  const assets = path.join(clientDir, 'assets');
  const starter = fs.existsSync(assets) ? fs.readdirSync(assets).find((f) => /^start-islands-[\w-]+\.js$/.test(f)) : undefined;
  if (!starter) return template;
  return template.replace(
    /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
    (_tag, entry: string) =>
      `<script defer fetchpriority="low" src="/assets/${starter}" data-entry="${entry}"${later.length ? ` data-later="${later.map((f) => `/${f}`).join(' ')}"` : ''}></script>`,
  );
}

/**
 * The site's CSS (about 9 KB compressed) goes inside the HTML: the first paint then waits for
 * no second request, which on a phone network is most of the time to first paint. The CSP
 * allows inline styles (style-src 'unsafe-inline').
 */
/**
 * Development: the same renderer from the sources, through Vite (npm run dev). Modules are
 * loaded with ssrLoadModule, so an edit shows on the next request; Vite's client and the
 * stylesheets come from the dev server, so there is nothing to preload or inline.
 */
export async function devRenderer(vite: ViteDevServer, url: string): Promise<Renderer> {
  const entry = (await vite.ssrLoadModule('/src/web/entry-server.tsx')) as EntryServer;
  const template = await vite.transformIndexHtml(url, fs.readFileSync(path.resolve('index.html'), 'utf8'));
  return { entry, template, islandTemplate: template, preloadLinks: () => '', stylesheetLinks: () => '' };
}

function inlineStylesheets(template: string, clientDir: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const full = path.join(clientDir, file);
    if (!fs.existsSync(full)) return tag;
    const css = fs.readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style>`;
  });
}

/** Calls the app's own API in-process, as the page's queries would over HTTP. */
export function injectGet(app: FastifyInstance, remoteAddress?: string) {
  return async (url: string) => {
    // As the visitor's own read: a per-address limit (an order read by its token) counts the
    // page's visitor, not the server's loopback address shared by every visitor.
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' }, ...(remoteAddress ? { remoteAddress } : {}) });
    return { status: res.statusCode, body: res.body, statusText: res.statusMessage };
  };
}
