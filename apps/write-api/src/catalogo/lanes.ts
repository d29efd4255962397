/**
 * Runs tasks at most `limit` at a time, each after every earlier task that shares one of its
 * lane keys has finished; a task with lane `null` runs after every earlier task, and every
 * later task after it. Tasks start in the order they are given once free to.
 */
export class Lanes {
  private readonly last = new Map<string, Promise<unknown>>();
  private all: Promise<unknown>[] = [];
  private barrier: Promise<unknown> = Promise.resolve();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  run<T>(lane: readonly string[] | null, task: () => Promise<T>): Promise<T> {
    const before =
      lane === null ? [...this.all, this.barrier] : [this.barrier, ...lane.map((key) => this.last.get(key))];
    const done = Promise.all(before).then(() => this.slot(task));
    const settled = done.catch(() => undefined);
    if (lane === null) {
      this.barrier = settled;
      this.all = [];
    } else {
      for (const key of lane) this.last.set(key, settled);
      this.all.push(settled);
    }
    return done;
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
