/**
 * Runs tasks at most `limit` at a time, each after every earlier task that shares one of its
 * lane keys has finished; a task with lane `null` runs after every earlier task, and every
 * later task after it. Tasks start in the order they are given once free to. A key is
 * forgotten once its last task settles, so one instance may serve a whole process.
 *
 * Hand-written rather than a queue library: the lanes are keyed sets (a task may wait on
 * several keys at once) with a barrier, which p-queue and its kind do not model.
 */
export class Lanes {
  private readonly last = new Map<string, Promise<unknown>>();
  private readonly all = new Set<Promise<unknown>>();
  private barrier: Promise<unknown> = Promise.resolve();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit = Number.POSITIVE_INFINITY) {}

  run<T>(lane: readonly string[] | null, task: () => Promise<T>): Promise<T> {
    const before =
      lane === null ? [...this.all, this.barrier] : [this.barrier, ...lane.map((key) => this.last.get(key))];
    const done = Promise.all(before).then(() => this.slot(task));
    const settled: Promise<unknown> = done.then(
      () => this.forget(lane, settled),
      () => this.forget(lane, settled),
    );
    if (lane === null) {
      this.barrier = settled;
      this.all.clear();
    } else {
      for (const key of lane) this.last.set(key, settled);
      this.all.add(settled);
    }
    return done;
  }

  /** Keys (and barrier-free tasks) still waited on: empty once everything has settled. */
  get pending(): number {
    return this.last.size + this.all.size;
  }

  private forget(lane: readonly string[] | null, settled: Promise<unknown>): void {
    if (lane === null) return;
    this.all.delete(settled);
    for (const key of lane) if (this.last.get(key) === settled) this.last.delete(key);
  }

  private async slot<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so no newcomer slips in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
