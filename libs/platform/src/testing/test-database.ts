import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.js';

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL URL of the fresh database, or undefined on PGlite. */
  url?: string;
  /** PGlite data folder (PGlite only). */
  dataDir: string;
  /** Closes the database and drops/removes it. */
  destroy(): Promise<void>;
  /** Closes and reopens the same database: a process restart as far as storage is concerned. */
  reopen(): Promise<Database>;
}

/** True when suites must not skip for lack of a service (CI sets REQUIRE_SERVICES=1). */
export const servicesRequired = (): boolean => process.env.REQUIRE_SERVICES === '1';

/**
 * A fresh, empty database for one test file: a new PostgreSQL database when DATABASE_URL is set
 * (fast, and what CI uses), otherwise a PGlite folder under the OS temp dir (~3.5 s to create).
 */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), `vitrina-${label}-`));
  if (!base) {
    let database = await openDatabase({ dataDir });
    return {
      get database() {
        return database;
      },
      dataDir,
      async reopen() {
        await database.close();
        database = await openDatabase({ dataDir });
        return database;
      },
      async destroy() {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `vt_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  let database = await openDatabase({ dataDir, databaseUrl: url.toString(), poolMax: 5 });
  return {
    get database() {
      return database;
    },
    url: url.toString(),
    dataDir,
    async reopen() {
      await database.close();
      database = await openDatabase({ dataDir, databaseUrl: url.toString(), poolMax: 5 });
      return database;
    },
    async destroy() {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For suites that need a real server: returns the URL, or undefined after printing a clear skip line.
 * With REQUIRE_SERVICES=1 a missing URL is an error instead (CI refuses to skip).
 */
export function requireServiceUrl(variable: 'DATABASE_URL' | 'REDIS_URL' | 'KAFKA_BROKERS', suite: string): string | undefined {
  const value = process.env[variable];
  if (value) return value;
  if (servicesRequired()) throw new Error(`${suite}: ${variable} is not set but REQUIRE_SERVICES=1`);
  // eslint-disable-next-line no-console
  console.warn(`SKIP ${suite}: ${variable} is not set`);
  return undefined;
}
