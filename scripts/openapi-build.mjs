#!/usr/bin/env node
// Builds the merged OpenAPI document in-process (issue 10 §1) and writes web/openapi.json, the source of the
// web's generated client types (web/scripts/gen-api.mjs).
//
//   node scripts/openapi-build.mjs            build every service's Nest app (never listening), merge, write
//   node scripts/openapi-build.mjs --check    write nothing; exit 1 when web/openapi.json is not what the code describes
//   node scripts/openapi-build.mjs --out <p>  write somewhere else
//
// Needs the server built (`npm run build:server`). Each service's app is created exactly as it runs
// (libs/platform createServiceApp), so the document is the one a service serves at /openapi.json; the modules
// initialise against a throwaway PGlite in a temp folder (migrations, no demo data), which is removed after.
// The gateway merges the same documents the same way (services/gateway/src/openapi/merge-openapi.ts) at /api/docs.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_OUT = resolve(root, 'web/openapi.json');

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('usage: openapi-build.mjs [--check] [--out <path>]');
  process.exit(0);
}
const out = values.out ? resolve(process.cwd(), values.out) : DEFAULT_OUT;

/** The merged document, as the gateway would serve it; exported for tests through buildMergedOpenApi. */
export async function buildMergedOpenApi() {
  const dataDir = await mkdtemp(join(tmpdir(), 'vitrina-openapi-'));
  // Quiet, no demo seeding, nothing outside this process: embedded adapters on the temp folder.
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    EVENT_BUS: 'memory',
    JOB_QUEUE: 'local',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  };
  // Keys are generated into the temp folder; no broker or server of this machine is touched.
  for (const key of ['AUTH_PUBLIC_KEY', 'AUTH_PRIVATE_KEY', 'KAFKA_BROKERS']) delete env[key];
  const saved = { ...process.env };
  Object.assign(process.env, env);
  for (const key of ['AUTH_PUBLIC_KEY', 'AUTH_PRIVATE_KEY', 'KAFKA_BROKERS']) delete process.env[key];
  const { createRuntime, createServiceApp, loadPlatformConfig } = await import('@vitrina/platform');
  const { ALL_SERVICES } = await import(resolve(root, 'launcher/dist/services.js'));
  const { mergeOpenApi } = await import(resolve(root, 'services/gateway/dist/openapi/merge-openapi.js'));
  const runtime = await createRuntime(loadPlatformConfig(env));
  const apps = [];
  try {
    const documents = [];
    for (const def of ALL_SERVICES) {
      const { app, openapi } = await createServiceApp(def, runtime);
      apps.push(app);
      documents.push({ service: def.name, document: JSON.parse(JSON.stringify(openapi)) });
    }
    return mergeOpenApi(documents);
  } finally {
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    await runtime.close().catch(() => undefined);
    for (const key of Object.keys(env)) {
      if (key in saved) process.env[key] = saved[key];
      else delete process.env[key];
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Stable text: two-space JSON and a final newline (the merge already sorts paths and components). */
export function serialize(document) {
  return `${JSON.stringify(document, null, 2)}\n`;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const started = Date.now();
  const text = serialize(await buildMergedOpenApi());
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (values.check) {
    const current = await readFile(out, 'utf8').catch(() => '');
    if (current !== text) {
      console.error(`openapi-build: ${out} is out of date: run node scripts/openapi-build.mjs && node web/scripts/gen-api.mjs`);
      process.exit(1);
    }
    console.log(`openapi-build: ${out} is up to date (${seconds} s)`);
  } else {
    await writeFile(out, text);
    console.log(`openapi-build: wrote ${out} (${seconds} s)`);
  }
  // Timers of libraries (pools, PGlite) must not keep a build step alive.
  process.exit(0);
}
