import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The first of `dirs` (then PATH) holding `name`, or null. */
export function findExecutable(name: string, dirs: string[] = []): string | null {
  for (const dir of dirs) if (existsSync(join(dir, name))) return join(dir, name);
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}
