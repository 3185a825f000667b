#!/usr/bin/env node
/**
 * `npm run test:unit`: every Jest suite, in two phases.
 *
 * 1. Everything but the Kafka suites, two workers at a time. Each suite has its own database, Redis prefix, ports
 *    and temporary directories, so two run side by side; on the 2-core CI machine this halves the phase (about 14
 *    instead of 28 minutes, measured on 2026-11-26 on a shared machine).
 * 2. The Kafka suites alone (`--runInBand`): their consumer-group rebalances against librdkafka's mock cluster
 *    have timing windows a second busy worker can close (a SyncGroup refused mid-rebalance was seen once, with the
 *    machine at load 16). They are a contract suite for one adapter, not a load test.
 *
 * With arguments (`npm run test:unit -- services/store`), one Jest run of just those, two workers.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const jest = fileURLToPath(new URL('../node_modules/jest/bin/jest.js', import.meta.url));
const KAFKA = '/libs/platform/test/events/kafka[^/]*\\.spec\\.ts$';

function run(args) {
  const started = Date.now();
  const { status, signal } = spawnSync(process.execPath, ['--experimental-vm-modules', jest, ...args], { cwd: root, stdio: 'inherit' });
  console.log(`test-unit: jest ${args.join(' ')} -> ${signal ?? status} in ${Math.round((Date.now() - started) / 1000)} s`);
  return status === 0;
}

const extra = process.argv.slice(2);
if (extra.length > 0) process.exit(run(['--maxWorkers=2', ...extra]) ? 0 : 1);

// Both phases run even if the first fails, so one run reports every failure.
const parallel = run(['--maxWorkers=2', '--testPathIgnorePatterns', '/node_modules/', KAFKA]);
const kafka = run(['--runInBand', '--testPathPatterns', KAFKA]);
process.exit(parallel && kafka ? 0 : 1);
