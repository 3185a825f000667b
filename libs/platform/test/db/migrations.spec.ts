import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { SERVICE_NAMES } from '@vitrina/contracts';
import { openDatabase, type Database } from '../../src/db/database.js';
import { rowsOf } from '../../src/db/rows.js';
import { requireServiceUrl } from '../../src/testing/test-database.js';

const ROOT = resolve(import.meta.dirname, '../../../..');

/** Tables, columns, types and indexes of every service schema: what "identical" means for migrations. */
async function describeSchemas(query: (sql: string) => Promise<Array<Record<string, unknown>>>): Promise<string[]> {
  const names = SERVICE_NAMES.map((s) => `'${s}'`).join(',');
  const cols = await query(
    `select table_schema, table_name, column_name, data_type, is_nullable, column_default
       from information_schema.columns where table_schema in (${names})
      order by 1, 2, 3`,
  );
  const idx = await query(
    `select schemaname, tablename, indexname, indexdef from pg_indexes where schemaname in (${names}) order by 1, 2, 3`,
  );
  return [...cols.map((r) => Object.values(r).join('|')), ...idx.map((r) => Object.values(r).join('|'))];
}

async function migrateAll(db: Database): Promise<void> {
  for (const name of SERVICE_NAMES) {
    await db.migrate({ schema: name, migrationsFolder: join(ROOT, 'services', name, 'drizzle') });
  }
}

describe('service migrations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-migrations-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('apply on PGlite, are idempotent, and give PostgreSQL the identical schema', async () => {
    const lite = await openDatabase({ dataDir: dir });
    await migrateAll(lite);
    await migrateAll(lite); // a restart applies nothing twice
    const liteRaw = lite.drizzle({});
    const liteShape = await describeSchemas(async (q) => rowsOf<Record<string, unknown>>(await liteRaw.execute(q)));
    await lite.close();
    expect(liteShape.some((l) => l.startsWith('catalogue|outbox|'))).toBe(true);

    const base = requireServiceUrl('DATABASE_URL', 'migrations on PostgreSQL');
    if (!base) return;
    const name = `vt_migr_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      const pgDb = await openDatabase({ dataDir: dir, databaseUrl: url.toString() });
      // Every service starting at once on a fresh database (cluster mode), plus a second instance of each:
      // the advisory lock serialises them, including migrations that touch database-wide objects (extensions).
      const migrateOne = (schema: string) => pgDb.migrate({ schema, migrationsFolder: join(ROOT, 'services', schema, 'drizzle') });
      await Promise.all([...SERVICE_NAMES.map(migrateOne), migrateAll(pgDb)]);
      const raw = pgDb.drizzle({});
      const pgShape = await describeSchemas(async (q) => rowsOf<Record<string, unknown>>(await raw.execute(q)));
      await pgDb.close();
      expect(pgShape).toEqual(liteShape);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
    // A fresh PGlite folder, every migration twice, a fresh PostgreSQL database and sixteen concurrent migrators:
    // about 15 s on a quiet machine, several times that beside another test run on two cores.
  }, 300_000);
});
