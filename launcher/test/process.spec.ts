import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = resolve(ROOT, 'services/marketing/dist/main.js');

describe('a service process', () => {
  beforeAll(() => {
    if (!existsSync(MAIN)) execFileSync('npx', ['tsc', '-b', 'services/marketing'], { cwd: ROOT, stdio: 'inherit' });
  });

  it('stops at start with a message naming a bad variable', () => {
    const run = spawnSync(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: 'mysql://nope', EVENT_BUS: 'carrier-pigeon', PORT: '99999' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL');
    expect(run.stderr).toContain('EVENT_BUS');
    expect(run.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it('names a missing variable that its mode requires', () => {
    const run = spawnSync(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, EVENT_BUS: 'redis' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('REDIS_URL: required when EVENT_BUS=redis');
  });
});
