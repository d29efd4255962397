/** What the projector logs through: pino's logger fits as is. */
export interface ProjectorLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const silentLog: ProjectorLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** A wait that `stop` can cut short. */
export class Pause {
  #wake: (() => void) | null = null;

  for(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.#wake = null;
        resolve();
      }
      this.#wake = done;
    });
  }

  interrupt(): void {
    this.#wake?.();
  }
}
