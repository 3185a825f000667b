import type { Db, Tx } from '@vitrina/platform';
import type * as schema from './schema.js';

export type AccountsSchema = typeof schema;
export type AccountsDb = Db<AccountsSchema>;
export type AccountsTx = Tx<AccountsSchema>;
/** Reads and writes that work inside a transaction or outside one. */
export type Executor = AccountsDb | AccountsTx;

export type UserRow = typeof schema.users.$inferSelect;
export type OneTimeCodeRow = typeof schema.oneTimeCodes.$inferSelect;

/** PostgreSQL unique_violation, as pg and PGlite report it (possibly wrapped by Drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
