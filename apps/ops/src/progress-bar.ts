/** Where a bar is drawn: a terminal's stderr (`columns` is its width). */
export interface ProgressTerminal {
  write(text: string): void;
  columns?: number;
}

/** Long work reports its progress here; on no terminal nothing is drawn. */
export interface Progress {
  /** Starts a bar for `total` units named `unit` (e.g. `comandos`). */
  start(label: string, total: number, unit: string): void;
  update(done: number): void;
  /** Ends the bar (its last state stays on screen). */
  end(): void;
}

export const NO_PROGRESS: Progress = { start() {}, update() {}, end() {} };

const REDRAW_MS = 100;

/**
 * A one-line bar with rate and ETA (operations.md: "long work shows a progress bar with rate and
 * ETA"), redrawn at most every 100 ms. The clock is injected for tests.
 */
export function progressBar(
  terminal: ProgressTerminal | null,
  clock: () => number = performance.now.bind(performance),
): Progress {
  if (terminal === null) return NO_PROGRESS;
  let label = '';
  let unit = '';
  let total = 0;
  let done = 0;
  let startedAt = 0;
  let drawnAt = -Infinity;
  let active = false;
  const draw = () => {
    const seconds = (clock() - startedAt) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? Math.ceil((total - done) / rate) : null;
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const tail = ` ${Math.floor(fraction * 100)}% ${done}/${total} ${unit} ${Math.round(rate)}/s ETA ${eta === null ? '?' : `${eta}s`}`;
    const width = Math.max(10, Math.min(40, (terminal.columns ?? 80) - label.length - tail.length - 4));
    const filled = Math.round(fraction * width);
    terminal.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${tail}\u001b[K`);
    drawnAt = clock();
  };
  return {
    start(newLabel, newTotal, newUnit) {
      if (active) this.end();
      label = newLabel;
      total = newTotal;
      unit = newUnit;
      done = 0;
      startedAt = clock();
      active = true;
      draw();
    },
    update(newDone) {
      done = newDone;
      if (active && clock() - drawnAt >= REDRAW_MS) draw();
    },
    end() {
      if (!active) return;
      draw();
      terminal.write('\n');
      active = false;
    },
  };
}
