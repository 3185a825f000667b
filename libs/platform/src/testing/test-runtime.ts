import { loadPlatformConfig } from '../config/platform-config.js';
import { createRuntime, type Runtime } from '../runtime/runtime.js';
import type { TestDatabase } from './test-database.js';

/**
 * A runtime over a test database: memory bus and local jobs unless `env` says otherwise, keys
 * generated in the test's data folder, quiet logs. The database stays open (the test destroys it).
 */
export async function createTestRuntime(tdb: TestDatabase, env: Record<string, string> = {}): Promise<Runtime> {
  const config = loadPlatformConfig({
    NODE_ENV: 'test',
    DATA_DIR: tdb.dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    OUTBOX_POLL_MS: '200',
    ...env,
  });
  return createRuntime(config, { database: tdb.database, keepDatabaseOpen: true });
}
