import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Every process below `pid`, however deep, parents before their children. */
export async function descendants(pid: number): Promise<Array<{ pid: number; command: string }>> {
  const { stdout } = await run('ps', ['-e', '-o', 'pid=,ppid=,comm=']);
  const children = new Map<number, Array<{ pid: number; command: string }>>();
  for (const line of stdout.trim().split('\n')) {
    const [child, parent, command] = line.trim().split(/\s+/) as [string, string, string];
    const list = children.get(Number(parent)) ?? [];
    list.push({ pid: Number(child), command });
    children.set(Number(parent), list);
  }
  const found: Array<{ pid: number; command: string }> = [];
  for (let queue = [pid]; queue.length > 0; ) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** Every node process below `pid`, however deep (the apps; the embedded database has its own lease). */
export async function nodeDescendants(pid: number): Promise<number[]> {
  return (await descendants(pid)).filter((p) => p.command === 'node').map((p) => p.pid);
}

/** The process exists (signal 0 only checks). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
