import { readBootState } from './lib/boot-state';
import './styles/site.css';

// The browser's entry, kept tiny: a page made of islands (the server marks it in the boot
// state) loads only the islands runtime and its islands' code; any other page, and the back
// office, loads the whole app with its router and query cache.

const boot = readBootState();
if (boot.islands) {
  void import('./islands/boot').then(async ({ startIslands }) => {
    await startIslands(boot);
    // Browser tests wait for this mark, as on pages hydrated whole.
    document.documentElement.dataset.hydrated = 'true';
  });
} else {
  void import('./app-boot').then(({ startApp }) => startApp(boot));
}
