import { pgSchema } from 'drizzle-orm/pg-core';
import { platformTables } from '@vitrina/platform';

/** Every table of the store service lives in the PostgreSQL schema `store`. */
export const storeSchema = pgSchema('store');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('store');
