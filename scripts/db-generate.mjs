#!/usr/bin/env node
// Regenerates every service's SQL migrations from its Drizzle schema (drizzle-kit generate).
// Usage: npm run db:generate [-- <service> ...]. Builds libs first: schemas import @vitrina/platform.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const all = ['catalogue', 'store', 'cart-checkout', 'orders', 'accounts', 'messaging', 'marketing'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : all;
execFileSync('npx', ['tsc', '-b', 'libs/platform'], { stdio: 'inherit' });
for (const name of wanted) {
  if (!existsSync(`services/${name}/drizzle.config.ts`)) throw new Error(`unknown service ${name}`);
  console.log(`\n== ${name}`);
  execFileSync('npx', ['drizzle-kit', 'generate'], { cwd: `services/${name}`, stdio: 'inherit' });
}
