#!/usr/bin/env node
/**
 * `npm run typecheck:tests` (part of `npm run lint`): the test code type-checked as strictly as the code it tests.
 * Jest runs the suites through swc, which strips types without checking them, and the packages' own tsconfig.json
 * covers `src` only, so a fixture or helper could drift from the types it stands for (a field the contract gained, a
 * helper typed looser than the function it replaces) and nothing would say so. Each package's `tsconfig.test.json`
 * adds its `test` folder (and Jest's globals, `jest/globals.d.ts`); `e2e/tsconfig.test.json` covers the Playwright
 * journeys (with the DOM library: their `page.evaluate` callbacks run in the browser). Needs the libraries built
 * (`npm run build:server`): the tests import `@vitrina/platform` as the services do. Two checks at a time.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
// Every package with a `test` folder (libs/*, services/*, launcher), and the Playwright journeys: a new package's
// tests cannot be left out by forgetting a list, only by having no tsconfig.test.json, which fails the check.
const packages = ['libs', 'services'].flatMap((dir) => readdirSync(`${root}${dir}`).map((name) => `${dir}/${name}`));
const dirs = [...packages, 'launcher'].filter((dir) => existsSync(`${root}${dir}/test`));
const projects = [...dirs, 'e2e'].map((dir) => `${dir}/tsconfig.test.json`);

const missing = projects.filter((p) => !existsSync(`${root}${p}`));
if (missing.length > 0) {
  console.error(`typecheck-tests: a test folder without its tsconfig.test.json: ${missing.join(', ')}`);
  process.exit(1);
}

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ project, ok: code === 0, out }));
  });
}

const queue = [...projects];
const failed = [];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const { ok, out } = await check(project);
    if (!ok) {
      failed.push(project);
      process.stdout.write(out);
    }
  }
}
const started = Date.now();
await Promise.all([worker(), worker()]);
console.log(
  `typecheck-tests: ${projects.length - failed.length} of ${projects.length} test projects clean in ${Math.round((Date.now() - started) / 1000)} s` +
    (failed.length > 0 ? `; errors in ${failed.join(', ')}` : ''),
);
process.exit(failed.length > 0 ? 1 : 0);
