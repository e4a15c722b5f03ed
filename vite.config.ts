import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { transformSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

// One config for both builds: `vite build` (browser, dist/client, with a manifest the server
// reads for modulepreload hints) and `vite build --ssr src/web/entry-server.tsx --outDir
// dist/server` (the renderer the server imports).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), stylesheetOfThePage(), startIslandsScript()],
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    // public/ (favicon, og image) belongs to the browser build only.
    copyPublicDir: !isSsrBuild,
    // Modern phones only: smaller output, no legacy transforms.
    target: 'es2022',
    // The preload helper Vite injects would add <link> tags for chunks already hinted.
    modulePreload: { polyfill: false },
    // Shared modules under 64 KB go into the chunks that use them instead of chunks of their
    // own: a public page loads 5 or 6 scripts before any interaction instead of 12 to 15, with
    // slightly fewer bytes (decision 117, bench/RESULTS.md); the price is some code repeated
    // across page chunks (+6 % over the whole build), paid only on in-app navigation.
    // React and what every island shares (the catalogue runtime, the gym's facts, the icon
    // base) are one chunk: under 64 KB each, they would be repeated in every island's chunk now
    // that the islands runtime itself imports none of them (decision 123).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: 65536 },
              groups: [
                // Taken first: what the entry and the islands runtime share with the islands (the
                // preload helper, the language helpers), so that the React group below, which
                // takes its modules' dependencies with it, leaves them out.
                { name: 'main', test: sharedByRuntime, priority: 2 },
                { name: 'react', test: sharedByIslands, priority: 1 },
              ],
            },
          },
        },
  },
}));

const SHARED_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@lingui[\\/]core|lucide-react[\\/]dist[\\/]esm[\\/](shared|context|Icon|createLucideIcon))[\\/.]/;
const SHARED_MODULES = [
  'src/web/i18n/i18n.tsx',
  'src/shared/site-settings-data.ts',
  'src/shared/gym-time.ts',
  'src/web/lib/gym-zone.ts',
  'src/web/lib/site-settings.tsx',
  'src/web/lib/site-url.tsx',
  'src/web/lib/page-url.tsx',
  'src/web/lib/resource-seed.ts',
  'src/web/components/ui/toaster.tsx',
];
const RUNTIME_MODULES = [
  'src/shared/i18n/languages.ts',
  'src/shared/i18n/paths.ts',
  'src/web/i18n/language-choice.ts',
  'src/web/lib/section-nav.ts',
  'src/web/lib/boot-state.ts',
];
/** Modules the entry or the islands runtime (islands/boot.ts) import, which islands use too. */
const sharedByRuntime = (id: string) => id.includes('vite/preload-helper') || RUNTIME_MODULES.some((m) => id.replaceAll('\\', '/').endsWith(m));
/** Modules that every island and the islands' hydration (islands/hydrate-island.tsx) use. */
const sharedByIslands = (id: string) => SHARED_LIBRARIES.test(id) || SHARED_MODULES.some((m) => id.replaceAll('\\', '/').endsWith(m));

/**
 * The site's stylesheet (imported by main.tsx) is inlined in every page's HTML by the server
 * (server/web/ssr.ts). Vite would also list it among the files each lazy chunk fetches with it,
 * and since no <link> for it is on the page, the first island to load would fetch it again and
 * restyle the whole page (11 KB, and a long task on a phone). Index.html keeps its <link>, which
 * the server turns into the inline <style>.
 */
function stylesheetOfThePage(): Plugin {
  return {
    name: 'gym:stylesheet-of-the-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.viteMetadata ? [c] : []));
      const main = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/web/main.tsx')));
      const pageCss = new Set(main?.viteMetadata?.importedCss ?? []);
      for (const chunk of chunks) for (const css of pageCss) chunk.viteMetadata?.importedCss.delete(css);
    },
  };
}

/**
 * src/web/start-islands.ts as a classic script (the bundler would make it a module with an
 * import), written as assets/start-islands-<hash>.js; the server finds it there.
 */
function startIslandsScript(): Plugin {
  return {
    name: 'gym:start-islands-script',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    generateBundle() {
      const source = fs.readFileSync('src/web/start-islands.ts', 'utf8');
      const { code } = transformSync(source, { loader: 'ts', format: 'iife', minify: true, target: 'es2022' });
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      this.emitFile({ type: 'asset', fileName: `assets/start-islands-${hash}.js`, source: code });
    },
  };
}
