/** Injection tokens of the platform module. Classes (TransactionRunner, Outbox, Inbox) are injected by type. */
export const RUNTIME = Symbol.for('vitrina.runtime');
export const SERVICE = Symbol.for('vitrina.service');
export const DB = Symbol.for('vitrina.db');
export const EVENT_BUS = Symbol.for('vitrina.event-bus');
export const JOB_QUEUE = Symbol.for('vitrina.job-queue');
export const LOGGER = Symbol.for('vitrina.logger');
export const CONFIG = Symbol.for('vitrina.config');
