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
  // By module id: vitest may hand the end event a different TestModule object than the queued one.
  readonly #running = new Map<string, { module: TestModule; since: number }>();
  #timer: NodeJS.Timeout | undefined;

  onTestRunStart(): void {
    this.#timer = setInterval(() => void this.#check(), Math.min(10_000, limitMs() / 2)).unref();
  }

  onTestModuleQueued(module: TestModule): void {
    this.#running.set(module.moduleId, { module, since: Date.now() });
  }

  onTestModuleEnd(module: TestModule): void {
    this.#running.delete(module.moduleId);
  }

  onTestRunEnd(): void {
    clearInterval(this.#timer);
  }

  async #check(): Promise<void> {
    const stalled = [...this.#running.values()].filter(({ since }) => Date.now() - since > limitMs());
    if (stalled.length === 0) return;
    clearInterval(this.#timer);
    for (const { module } of stalled) {
      const unfinished = [...module.children.allTests()].filter((test) => test.result().state === 'pending');
      console.error(
        `\nSTALLED: ${relative(process.cwd(), module.moduleId)} has run for over ${limitMinutes()} min ` +
          `(unfinished: ${unfinished.map((test) => test.fullName).join('; ') || 'none reported by its worker'}); ending the run`,
      );
    }
    // The workers and what they started, deepest last, so that nothing holds the output open.
    for (const { pid } of (await descendants(process.pid)).reverse()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
    process.exit(1);
  }
}
