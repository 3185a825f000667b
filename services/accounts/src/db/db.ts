import type { Db, Tx } from '@vitrina/platform';
import type * as schema from './schema.js';

export type AccountsSchema = typeof schema;
export type AccountsDb = Db<AccountsSchema>;
export type AccountsTx = Tx<AccountsSchema>;
/** Reads and writes that work inside a transaction or outside one. */
export type Executor = AccountsDb | AccountsTx;

export type UserRow = typeof schema.users.$inferSelect;
export type OneTimeCodeRow = typeof schema.oneTimeCodes.$inferSelect;
