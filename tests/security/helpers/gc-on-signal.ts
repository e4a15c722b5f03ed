// Preloaded into a server started by a memory test (node --expose-gc --import): SIGUSR2 runs
// full collections and says so on stdout, so the test reads RSS once garbage is gone.
const collect = (globalThis as { gc?: () => void }).gc;
process.on('SIGUSR2', () => {
  collect?.();
  collect?.();
  process.stdout.write('gc-settled\n');
});
export {};
