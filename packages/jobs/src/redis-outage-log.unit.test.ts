import { describe, expect, it } from 'vitest';
import { isConnectionError, redisOutageLog } from './redis-outage-log.js';

function recordingLog() {
  const lines: Array<{ level: string; fields: object; message: string }> = [];
  const at = (level: string) => (fields: object, message: string) =>
    void lines.push({ level, fields, message });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

describe('redisOutageLog', () => {
  it('writes one line when Redis goes away and one when it is back, whatever came between', () => {
    const { lines, log } = recordingLog();
    const outage = redisOutageLog(log);
    outage.ready();
    for (let i = 0; i < 33; i++) outage.failed(refused());
    expect(outage.down).toBe(true);
    outage.ready();
    outage.ready(); // every other client becoming ready says nothing more
    expect(outage.down).toBe(false);
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['warn', 'jobs: Redis unreachable; queues and workers wait and reconnect'],
      ['info', 'jobs: Redis reachable again'],
    ]);
    expect(lines[1]!.fields).toEqual({ erros_durante_a_queda: 32 });
  });

  it('reports each outage of its own', () => {
    const { lines, log } = recordingLog();
    const outage = redisOutageLog(log);
    outage.ready();
    outage.failed(refused());
    outage.ready();
    outage.failed(refused());
    outage.ready();
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info', 'warn', 'info']);
  });

  it('leaves errors before the first connection to the start-up that reports them', () => {
    const { lines, log } = recordingLog();
    const outage = redisOutageLog(log);
    outage.failed(refused());
    expect(outage.down).toBe(false);
    expect(lines).toEqual([]);
  });
});

describe('isConnectionError', () => {
  it('knows network failures and a closed ioredis connection from other errors', () => {
    expect(isConnectionError(refused())).toBe(true);
    expect(isConnectionError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isConnectionError(new Error('Connection is closed.'))).toBe(true);
    expect(isConnectionError(new Error('Missing lock for job 7. moveToFinished'))).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});
