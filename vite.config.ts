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
    // Shared modules under 64 KB go into the chunks that use them instead of chunks of their
    // own: a public page loads 5 or 6 scripts before any interaction instead of 12 to 15, with
    // slightly fewer bytes (decision 117, bench/RESULTS.md); the price is some code repeated
    // across page chunks (+6 % over the whole build), paid only on in-app navigation.
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 65536 } } } },
  },
}));
