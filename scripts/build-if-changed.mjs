#!/usr/bin/env node
/**
 * The build `npm start` and `npm run start:cluster` run first: the server with `tsc -b` (incremental: it checks
 * what changed and rebuilds only that, about 2 s when nothing did) and the web app with Vite only when one of its
 * inputs changed since the last build (a Vite build takes 4-10 s and always rewrites everything). The web's inputs
 * are fingerprinted by path, size and modification time (node_modules/.cache/vitrina/web-build-inputs); `npm run build` always
 * builds everything.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
// Kept out of web/dist (the gateway serves that folder) and out of git.
const stampFile = join(root, 'node_modules/.cache/vitrina/web-build-inputs');
/** Everything the web bundle is made from. */
const WEB_INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/postcss.config.js',
  'web/tsconfig.json',
  'web/package.json',
  'web/scripts',
  'libs/contracts/src',
  'package-lock.json',
];

function run(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

function fingerprint() {
  const hash = createHash('sha256');
  const visit = (rel) => {
    const abs = join(root, rel);
    if (!existsSync(abs)) return;
    const st = statSync(abs);
    if (st.isDirectory()) {
      for (const name of readdirSync(abs).sort()) visit(join(rel, name));
    } else {
      hash.update(`${rel}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  WEB_INPUTS.forEach(visit);
  return hash.digest('hex');
}

const started = Date.now();
run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json']);
const inputs = fingerprint();
const built = existsSync(join(root, 'web/dist/index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === inputs;
if (built) {
  console.log(`build: server up to date, web unchanged since its last build (${((Date.now() - started) / 1000).toFixed(1)} s)`);
} else {
  run('npm', ['run', 'build', '-w', 'web']);
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, inputs);
}
