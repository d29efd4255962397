import { describe, expect, it } from 'vitest';
import { appEntry } from './app-process.js';

describe('appEntry', () => {
  it('starts the sibling app from source when the launcher runs from source, else from its build', () => {
    expect(appEntry('router', 'file:///repo/apps/server/src/apart/app-process.ts')).toBe(
      '/repo/apps/router/src/main.ts',
    );
    expect(appEntry('write-api', 'file:///repo/apps/server/dist/apart/app-process.js')).toBe(
      '/repo/apps/write-api/dist/main.js',
    );
  });
});
