import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes as written (no client library tidies them) and reads one answer: requests a
 * library would refuse to send (bare LF, folded or duplicate headers, no Host) are exactly what
 * is tested. The answer ends at its Content-Length, or when the server closes the connection.
 */
export function rawRequest(port: number, bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let received = Buffer.alloc(0);
    let answered = false;
    const parse = (): RawAnswer | null => {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = received.subarray(end + 4);
      const length = headers['content-length'];
      if (length !== undefined && body.length < Number(length)) return null;
      return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') };
    };
    const finish = (answer: RawAnswer) => {
      answered = true;
      socket.destroy();
      resolve(answer);
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const answer = parse();
      if (answer && answer.headers['content-length'] !== undefined) finish(answer);
    });
    socket.on('error', (error) => {
      if (!answered) reject(error);
    });
    socket.on('close', () => {
      if (answered) return;
      const answer = parse();
      if (answer) finish(answer);
      else reject(new Error(`no HTTP answer: ${JSON.stringify(received.toString('latin1').slice(0, 200))}`));
    });
  });
}
