import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { descendants } from './process-tree.js';

const limitMinutes = () => Number(process.env.TEST_FILE_LIMIT_MINUTES ?? 10);
const limitMs = () => limitMinutes() * 60_000;

/**
 * Ends the run, naming the file, when one test file has run for longer than any should
 * (TEST_FILE_LIMIT_MINUTES, 10 by default; the slowest take about a minute on a busy machine).
 * vitest's own timeouts fire on the worker's event loop, so a worker stuck in a synchronous loop
 * never times out and the run waits forever: CI then reports only that it ran out of time.
 */
export default class StalledFileReporter implements Reporter {
  // Start times by module id: the end event may carry another TestModule object than the queued one.
  readonly #running = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;

  onTestRunStart(): void {
    this.#timer = setInterval(() => void this.#check(), Math.min(10_000, limitMs() / 2)).unref();
  }

  onTestModuleQueued(module: TestModule): void {
    this.#running.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.#running.delete(module.moduleId);
  }

  onTestRunEnd(): void {
    clearInterval(this.#timer);
  }

  async #check(): Promise<void> {
    const stalled = [...this.#running].filter(([, since]) => Date.now() - since > limitMs());
    if (stalled.length === 0) return;
    clearInterval(this.#timer);
    // The stuck worker reports nothing more, so the file is all that can be named.
    for (const [moduleId] of stalled)
      console.error(
        `\nSTALLED: ${relative(process.cwd(), moduleId)} has run for over ${limitMinutes()} min; ending the run`,
      );
    // The workers and what they started, deepest first, so that nothing holds the output open.
    for (const { pid } of (await descendants(process.pid)).reverse()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
    process.exit(1);
  }
}
