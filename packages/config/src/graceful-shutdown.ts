/**
 * The order of operations.md, "SIGTERM": stop accepting and finish the requests in flight, let
 * the workers commit what they hold (a projector's batch, a running job), flush what is
 * buffered, close the pools and connections, then stop the embedded database.
 */
export const SHUTDOWN_PHASES = [
  'stopAccepting',
  'finishWork',
  'flush',
  'closeConnections',
  'stopDatabase',
] as const;

export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number];

export interface GracefulShutdownOptions {
  log: (line: string) => void;
  /** Past this, the process exits with 1 whatever is still running (a hung step must not keep it). */
  timeoutMs?: number;
  /** `process.exit` by default; tests pass their own. */
  exit?: (code: number) => void;
}

interface Step {
  phase: ShutdownPhase;
  name: string;
  run: () => Promise<void>;
}

/**
 * Every main's one way to stop. Steps are registered as the process builds what they stop, so
 * a signal during start-up still stops what exists (the embedded database above all). Steps of
 * one phase run together; a failing step is logged and the later phases still run.
 */
export class GracefulShutdown {
  readonly #steps: Step[] = [];
  #running: Promise<number> | undefined;

  constructor(private readonly options: GracefulShutdownOptions) {}

  add(phase: ShutdownPhase, name: string, run: () => Promise<void>): this {
    this.#steps.push({ phase, name, run });
    return this;
  }

  /**
   * Runs the steps on the first of these signals, then exits; a second signal is ignored. A
   * process started with an IPC channel (an app under `npm run start:apart`) also stops when
   * the channel closes: its launcher is gone, even killed with -9, and nothing would stop it.
   */
  listen(signals: ReadonlyArray<NodeJS.Signals> = ['SIGINT', 'SIGTERM']): this {
    for (const signal of signals) process.on(signal, () => void this.stop(signal));
    if (process.channel) {
      process.channel.unref(); // the channel alone must not keep the process running
      process.once('disconnect', () => void this.stop('launcher gone'));
    }
    return this;
  }

  /**
   * Runs every phase in order once (later calls share the first run) and exits: with 1 when a
   * step failed or `failed` is set (a start-up that went wrong), else 0.
   */
  stop(reason: string, failed = false): Promise<number> {
    if (this.#running) {
      this.options.log(`${reason}: already stopping`);
      return this.#running;
    }
    this.options.log(`${reason}: shutting down`);
    this.#running = this.#runPhases().then((stepsCode) => {
      const code = failed ? 1 : stepsCode;
      (this.options.exit ?? process.exit)(code);
      return code;
    });
    return this.#running;
  }

  async #runPhases(): Promise<number> {
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    // The timer also holds the event loop until the last phase: a step may wait on a handle that
    // does not (a socket a library unref'd, ending), and an empty loop would exit 0 there, before
    // the later phases ran (the embedded database was left running).
    const timedOut = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        this.options.log(`shutdown took longer than ${timeoutMs} ms: exiting now`);
        resolve(1);
      }, timeoutMs);
    });
    const done = (async () => {
      let failed = false;
      for (const phase of SHUTDOWN_PHASES) {
        const steps = this.#steps.filter((step) => step.phase === phase);
        const results = await Promise.allSettled(steps.map((step) => step.run()));
        results.forEach((result, i) => {
          if (result.status === 'fulfilled') return;
          failed = true;
          const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
          this.options.log(`shutdown: ${steps[i]!.name} failed: ${reason}`);
        });
      }
      return failed ? 1 : 0;
    })();
    const code = await Promise.race([done, timedOut]);
    clearTimeout(timer);
    return code;
  }
}
