import type { AnySchema } from '../db/database.js';
import type { PlatformTables } from '../outbox/tables.js';

/** How a service describes its data to the platform (see services/<name>/src/<name>.module.ts). */
export interface ServiceDataOptions<TSchema extends AnySchema = AnySchema> {
  /** Service name; also its PostgreSQL schema, its consumer group and its job queue name. */
  name: string;
  /** The service's Drizzle schema object (`import * as schema from './db/schema.js'`). */
  schema: TSchema;
  /** The platform tables spread into that schema (`platformTables(name)`). */
  tables: PlatformTables;
  /** Absolute path of the service's drizzle-kit migrations folder. */
  migrationsFolder: string;
}
