import { it } from 'vitest';

// Run only by stalled-file-reporter.int.test.ts: a worker stuck where no timeout can fire.
it('never yields to the event loop', () => {
  for (;;) {}
});
