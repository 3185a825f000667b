import { pgSchema } from 'drizzle-orm/pg-core';
import { platformTables } from '@vitrina/platform';

/** Every table of the catalogue service lives in the PostgreSQL schema `catalogue`. */
export const catalogueSchema = pgSchema('catalogue');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('catalogue');
