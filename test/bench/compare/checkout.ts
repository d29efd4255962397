import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One build the comparison runs: a checkout with its dependencies installed. */
export interface Build {
  label: 'baseline' | 'current';
  /** The checkout's root: the apps run from there, through its own tsx and sources. */
  root: string;
  commit: string;
  /** The working tree has changes beyond its commit (only the repository's own tree can). */
  dirty: boolean;
  remove(): void;
}

// Worktrees and the cached node_modules share one folder outside the repository, so a cached
// node_modules moves into a new worktree by rename (same file system), not by copy.
const CACHE = join(tmpdir(), 'factory-bench-compare');
/** Cached node_modules kept (about 570 MB each): the baseline's and a few current builds'. */
const KEEP = 3;

const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();

/** The repository's own working tree as it is, uncommitted changes included. */
export function workingTree(repo: string): Build {
  return {
    label: 'current',
    root: repo,
    commit: git(repo, 'rev-parse', 'HEAD'),
    dirty: git(repo, 'status', '--porcelain') !== '',
    remove: () => {},
  };
}

/**
 * Checks `ref` out into a detached worktree under the system's temporary folder and installs
 * it. node_modules is kept between runs, keyed by the hash of package-lock.json, and moved
 * back into the next worktree of the same lock file before `npm install`, which then only
 * checks it. `remove()` parks node_modules in the cache again and removes the worktree.
 */
export function checkout(repo: string, ref: string, label: Build['label']): Build {
  const commit = git(repo, 'rev-parse', '--verify', `${ref}^{commit}`);
  mkdirSync(CACHE, { recursive: true });
  const root = mkdtempSync(join(CACHE, `worktree-${commit.slice(0, 12)}-`));
  git(repo, 'worktree', 'add', '--detach', root, commit);
  const lockHash = createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex')
    .slice(0, 16);
  const cached = join(CACHE, `node_modules-${lockHash}`);
  const modules = join(root, 'node_modules');
  const remove = () => {
    if (existsSync(modules)) {
      rmSync(cached, { recursive: true, force: true });
      renameSync(modules, cached);
      const now = new Date();
      utimesSync(cached, now, now);
      pruneCache();
    }
    try {
      git(repo, 'worktree', 'remove', '--force', root);
    } catch {
      rmSync(root, { recursive: true, force: true });
      git(repo, 'worktree', 'prune');
    }
  };
  try {
    if (existsSync(cached)) renameSync(cached, modules);
    console.log(`[compare] ${label} ${commit.slice(0, 12)}: npm install in ${root}`);
    const install = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (install.status !== 0) throw new Error(`npm install of ${commit} failed (${install.status})`);
  } catch (error) {
    remove();
    throw error;
  }
  return { label, root, commit, dirty: false, remove };
}

/** Drops all but the KEEP most recently parked node_modules. */
function pruneCache(): void {
  const parked = readdirSync(CACHE)
    .filter((name) => name.startsWith('node_modules-'))
    .map((name) => ({ path: join(CACHE, name), at: statSync(join(CACHE, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of parked.slice(KEEP)) rmSync(old.path, { recursive: true, force: true });
}
