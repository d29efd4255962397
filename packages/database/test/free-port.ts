import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768–60999 by default): an outgoing connection of any other
// test can take a port in that range as its local end between our probe and the server's bind
// (seen: embedded PostgreSQL failing with "Address already in use" on a port picked there).
const LOW = 20_000;
const HIGH = 32_000;

/**
 * A TCP port free right now on 127.0.0.1, for a server started next (embedded PostgreSQL, a
 * private redis-server) that cannot take port 0 and say which it got. Drawn at random below the
 * ephemeral range, so only another explicit choice could take it before the bind.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = randomInt(LOW, HIGH);
    if (await bindable(port)) return port;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
