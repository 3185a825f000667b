import { pgSchema } from 'drizzle-orm/pg-core';
import { platformTables } from '@vitrina/platform';

/** Every table of the marketing service lives in the PostgreSQL schema `marketing`. */
export const marketingSchema = pgSchema('marketing');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('marketing');
