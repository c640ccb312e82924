/**
 * Group commit (decision 0029): calls that arrive while a batch is being written wait and go
 * together as the next batch, so fifty customers paying at once cost a few statements rather
 * than fifty times as many. A lone call goes on the next turn of the event loop, alone.
 *
 * `write` answers each item in order: its value, or the Error that item alone failed with. When
 * `write` throws, every item of that batch fails with it (callers that want the others to live
 * retry the items one by one inside `write`).
 */
export class Batcher<I, O> {
  private pending: { item: I; resolve: (o: O) => void; reject: (err: unknown) => void }[] = [];
  /** Batches being gathered or written; at most one is gathering. */
  private active = 0;
  private gathering = false;

  /**
   * `concurrency`: batches written at once (1 for the embedded database, which runs one
   * statement at a time; more for PostgreSQL's pool). `lingerMs`: how long a batch may keep
   * gathering while calls keep arriving.
   */
  constructor(
    private readonly write: (items: I[]) => Promise<(O | Error)[]>,
    private readonly opts: { maxBatch?: number; lingerMs?: number; concurrency?: number } = {},
  ) {}

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.gathering || !this.pending.length || this.active >= (this.opts.concurrency ?? 1)) return;
    this.active++;
    void this.drain().finally(() => {
      this.active--;
      this.kick();
    });
  }

  private async drain(): Promise<void> {
    const maxBatch = this.opts.maxBatch ?? 64;
    const lingerMs = this.opts.lingerMs ?? 5;
    // Another batch may be gathering what is pending already: then this one is done.
    while (this.pending.length && !this.gathering) {
      // A rush arrives over a few turns of the event loop: while calls keep coming, wait a turn
      // more (at most lingerMs), so that it goes as one batch rather than three.
      this.gathering = true;
      const since = performance.now();
      let seen = 0;
      while (this.pending.length > seen && this.pending.length < maxBatch && performance.now() - since < lingerMs) {
        seen = this.pending.length;
        await new Promise((resolve) => setImmediate(resolve));
      }
      const batch = this.pending.splice(0, maxBatch);
      this.gathering = false;
      // Calls arriving while this batch is written gather into the next (in parallel when allowed).
      this.kick();
      let out: (O | Error)[];
      try {
        out = await this.write(batch.map((b) => b.item));
        if (out.length !== batch.length) throw new Error(`batch of ${batch.length} answered ${out.length}`);
      } catch (err) {
        for (const b of batch) b.reject(err);
        continue;
      }
      for (let i = 0; i < batch.length; i++) {
        const o = out[i]!;
        if (o instanceof Error) batch[i]!.reject(o);
        else batch[i]!.resolve(o);
      }
    }
  }
}
