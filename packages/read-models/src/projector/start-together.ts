/**
 * A gate for `count` parties: each `arrive()` resolves once all of them have arrived. The
 * projections of one worker subscribe through one log tail, which serves the readers inside its
 * stretch only: one that subscribes after the others have moved on reads and decodes the whole
 * log on its own (measured: a catch-up of 60k events at 1.4 to 1.8 times the projector's CPU per
 * event when their start-up work, such as deferring indexes, spread their first reads apart).
 */
export function startTogether(count: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    if (++arrived >= count) open();
    return opened;
  };
}
