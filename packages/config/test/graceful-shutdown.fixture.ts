import { GracefulShutdown } from '../src/graceful-shutdown.js';

// Run by graceful-shutdown.int.test.ts as a process of its own: a step waits on a handle that
// does not hold the event loop (as a socket a library unref'd does while it ends), and the later
// phase must still run before the process exits.
const shutdown = new GracefulShutdown({ log: (line) => console.log(line) })
  .add('closeConnections', 'unref socket', () => new Promise((resolve) => setTimeout(resolve, 300).unref()))
  .add('stopDatabase', 'database', async () => void console.log('database stopped'));
void shutdown.stop('test');
