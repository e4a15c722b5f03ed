/**
 * At most `limit` tasks run at once; the others wait in arrival order. Argon2 runs on libuv's
 * thread pool, which also reads static files: unbounded hashing filled it and starved them.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('Semaphore limit must be a positive integer');
  }

  setLimit(limit: number): void {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('Semaphore limit must be a positive integer');
    this.limit = limit;
    while (this.active < this.limit && this.waiting.length) this.next();
  }

  /** Tasks running now and waiting for their turn (tests and logs). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      // After a lowered limit, slots are given back until under it.
      if (this.waiting.length && this.active <= this.limit) this.next(true);
      else this.active -= 1;
    }
  }

  // Hands the slot over (handover) or takes a new one.
  private next(handover = false): void {
    const resolve = this.waiting.shift();
    if (!resolve) return;
    if (!handover) this.active += 1;
    resolve();
  }
}
