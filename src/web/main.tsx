import { readBootState } from './lib/boot-state';
import './styles/site.css';

// The browser's entry, kept tiny: a page made of islands (the server marks it in the boot
// state) loads only the islands runtime and its islands' code; any other page, and the back
// office, loads the whole app with its router and query cache.

/**
 * Runs once the browser has painted the server's HTML: a page made of islands shows before any
 * island's code is asked for, so its first paint never waits for scripts (Lighthouse's LCP
 * otherwise varied between runs with whether hydration landed before the paint).
 */
const afterFirstPaint = (run: () => void) => requestAnimationFrame(() => setTimeout(run, 0));

const boot = readBootState();
if (boot.islands) {
  afterFirstPaint(() => {
    void import('./islands/boot').then(async ({ startIslands }) => {
      await startIslands(boot);
      // Browser tests wait for this mark, as on pages hydrated whole.
      document.documentElement.dataset.hydrated = 'true';
    });
  });
} else {
  void import('./app-boot').then(({ startApp }) => startApp(boot));
}
