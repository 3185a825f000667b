import { pgSchema } from 'drizzle-orm/pg-core';
import { platformTables } from '@vitrina/platform';

/** Every table of the messaging service lives in the PostgreSQL schema `messaging`. */
export const messagingSchema = pgSchema('messaging');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('messaging');
