/** A job run at start and then on a timer (reminders, purges). Runs never overlap within an instance. */
export interface PeriodicJob {
  /** Runs once now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** One run now (or the one in progress); resolves with how many items it handled. */
  runOnce(): Promise<number>;
  /** Resolves when no run is in progress (tests, shutdown). */
  idle(): Promise<void>;
}

export function createPeriodicJob(opts: {
  everyMs: number;
  run: () => Promise<number>;
  /** A failed run is reported here and counts 0; the next tick tries again. */
  onError: (err: unknown) => void;
}): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  function runOnce(): Promise<number> {
    running ??= opts
      .run()
      .catch((err) => {
        opts.onError(err);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    start() {
      if (timer) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), opts.everyMs);
      // A job alone never keeps the process alive.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce,
    async idle() {
      await running;
    },
  };
}
