import { z } from 'zod';

/**
 * Answers of the kernel's own plain Fastify routes (outside Nest, so not in the OpenAPI): `/health/live` and
 * `/health/ready` (each service's; the gateway does not route them under /api) and `GET /{group}/_ping` (the
 * gateway's cheapest round trip, for benchmarks).
 */
export const HealthLiveSchema = z.strictObject({ status: z.literal('ok'), service: z.string() }).meta({ id: 'HealthLive' });
export type HealthLive = z.infer<typeof HealthLiveSchema>;

/**
 * 200 with `ok` when every check answers; 200 with `degraded` when only the bus or the job queue is down (the outbox
 * and the queue's storage buffer writes until it is back); 503 with `unavailable` when the database is down. Each
 * check is `ok` or `down: <reason>`.
 */
export const HealthReadySchema = z
  .strictObject({ status: z.enum(['ok', 'degraded', 'unavailable']), service: z.string(), checks: z.record(z.string(), z.string()) })
  .meta({ id: 'HealthReady' });
export type HealthReady = z.infer<typeof HealthReadySchema>;

/** `GET /{group}/_ping`: the cheapest route through the gateway (round-trip benchmarks). */
export const GroupPingSchema = z.strictObject({ ok: z.literal(true), service: z.string() }).meta({ id: 'GroupPing' });
export type GroupPing = z.infer<typeof GroupPingSchema>;
