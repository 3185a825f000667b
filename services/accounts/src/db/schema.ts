import { pgSchema } from 'drizzle-orm/pg-core';
import { platformTables } from '@vitrina/platform';

/** Every table of the accounts service lives in the PostgreSQL schema `accounts`. */
export const accountsSchema = pgSchema('accounts');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('accounts');
