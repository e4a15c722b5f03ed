import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One config for both builds: `vite build` (browser, dist/client, with a manifest the server
// reads for modulepreload hints) and `vite build --ssr src/web/entry-server.tsx --outDir
// dist/server` (the renderer the server imports).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
    // Shared modules under 8 KB go into the chunks that use them instead of chunks of their
    // own: the landing page loads 29 files instead of 45, and its first paint no longer trails
    // twenty small requests (bench/RESULTS.md, Lighthouse on /ru/ and /zh/).
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8192 } } } },
  },
}));
