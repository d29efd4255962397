import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Issue 22: a fresh `npm install` printed EBADENGINE for dependencies wanting Node 22 while the
// README says Node 20 is enough. Every package the lock file installs must run on the oldest
// Node that package.json's `engines` admits; a dependency update that breaks that fails here,
// before a newcomer sees the warning. Fix it with an override in package.json (README, "What a
// first install prints"), or raise `engines`, the README and `.ci/run` together.

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
  os?: string[];
  cpu?: string[];
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

describe('the dependencies and the stated Node minimum', () => {
  const stated = (lock.packages['']!.engines as { node: string }).node;
  const oldest = semver.minVersion(stated)!.version;

  it(`every locked package runs on Node ${oldest} (engines ${stated})`, () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (!wanted || semver.satisfies(oldest, wanted)) return [];
        return [`${path}@${entry.version}: node ${wanted}`];
      });
    expect(refusing).toEqual([]);
  });

  it('states the same minimum as the README', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const [major, minor] = oldest.split('.');
    expect(readme).toContain(`Node.js ${major}.${minor} or newer`);
  });
});
