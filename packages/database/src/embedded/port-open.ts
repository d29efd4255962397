import { connect } from 'node:net';

export function isPortOpen(host: string, port: number, timeoutMs = 300): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    const finish = (open: boolean) => {
      socket.destroy();
      done(open);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}
