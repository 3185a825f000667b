import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const EMBEDDED = resolve(ROOT, 'launcher/dist/embedded.js');

/** `npm start` reads the gateway's own variables exactly as the gateway process does (gateway-config.ts). */
describe('the embedded launcher', () => {
  it.each([
    ['PLATFORM_HOSTS', 'https://vitrina.example:3000', /PLATFORM_HOSTS: must be comma-separated host names/],
    ['SHOP_HEAD_TIMEOUT_MS', '5', /SHOP_HEAD_TIMEOUT_MS: /],
  ])('stops at start with a message naming a bad %s, as the gateway process does', (name, value, message) => {
    expect(existsSync(EMBEDDED)).toBe(true); // npm run build:server
    const run = spawnSync(process.execPath, [EMBEDDED], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, [name]: value, DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);

    const gateway = spawnSync(process.execPath, [resolve(ROOT, 'services/gateway/dist/main.js')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, [name]: value },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(gateway.status).toBe(1);
    expect(gateway.stderr).toMatch(message);
  });
});
