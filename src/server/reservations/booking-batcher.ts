// Group commit: inputs that arrive while a write is under way share the next transaction.
// With SQLite in synchronous=FULL every commit is an fsync, so N concurrent bookings cost one
// fsync instead of N. The module knows nothing of bookings or databases: it is given how to
// write a batch in one transaction and how to write one input alone.

/** At most this many inputs share one transaction. */
export const MAX_BATCH = 128;

export interface BatchWriter<I, R> {
  /**
   * Writes every input in ONE transaction; resolves after the commit with one result per input,
   * in order. An Error in place of a result refuses that input alone (e.g. its class is full):
   * it was not written, its caller gets the error, the others commit.
   */
  writeMany(inputs: I[]): Promise<(R | Error)[]>;
  /** Writes one input in its own transaction; resolves after the commit. */
  writeOne(input: I): Promise<R>;
  /** Runs after a commit, never before, with what it committed (wake workers, notify). */
  afterCommit?(results: R[]): void;
  /** An afterCommit step threw: the callers already have their answers; this only reports it. */
  onAfterCommitError?(err: unknown): void;
  maxBatch?: number;
}

export interface Batcher<I, R> {
  /** Queues the input; resolves with its result once its transaction has committed. */
  submit(input: I): Promise<R>;
  /** Committed transactions and the inputs they held so far. */
  stats(): { commits: number; written: number };
}

interface Pending<I, R> {
  input: I;
  resolve(result: R): void;
  reject(err: unknown): void;
}

export function createBatcher<I, R>(writer: BatchWriter<I, R>): Batcher<I, R> {
  const maxBatch = writer.maxBatch ?? MAX_BATCH;
  const queue: Pending<I, R>[] = [];
  /** A batch is being written, or one is scheduled. */
  let busy = false;
  let commits = 0;
  let written = 0;

  /**
   * Writes the waiting inputs (up to maxBatch, in arrival order) in one transaction. Every
   * caller is answered only after its batch committed. When the batch fails nothing of it was
   * committed: each input is then written alone, so one bad input fails only its own caller.
   */
  async function flush(): Promise<void> {
    const batch = queue.splice(0, maxBatch);
    let results: (R | Error)[] | undefined;
    try {
      // writeMany checks its own results inside its transaction: once it resolves, it committed.
      results = await writer.writeMany(batch.map((p) => p.input));
      commits += 1;
    } catch (err) {
      if (batch.length === 1) batch[0].reject(err);
      else {
        for (const p of batch) {
          try {
            const result = await writer.writeOne(p.input);
            commits += 1;
            written += 1;
            p.resolve(result);
            writer.afterCommit?.([result]);
          } catch (e) {
            p.reject(e);
          }
        }
      }
    }
    if (results) {
      const done: R[] = [];
      batch.forEach((p, i) => {
        const r = results[i];
        if (r instanceof Error) p.reject(r);
        else {
          done.push(r);
          p.resolve(r);
        }
      });
      written += done.length;
      writer.afterCommit?.(done);
    }
  }

  function schedule() {
    busy = true;
    // setImmediate: the requests already read from the sockets join this batch.
    setImmediate(() => {
      void flush()
        .catch((err) => writer.onAfterCommitError?.(err))
        .finally(() => {
          if (queue.length > 0) schedule();
          else busy = false;
        });
    });
  }

  return {
    submit(input) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        if (!busy) schedule();
      });
    },
    stats: () => ({ commits, written }),
  };
}
