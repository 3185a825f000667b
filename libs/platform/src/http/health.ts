import type { FastifyInstance } from 'fastify';
import type { HealthLive, HealthReady } from '@vitrina/contracts';

export type HealthCheck = () => Promise<void>;

async function withTimeout(check: HealthCheck, ms: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]);
    return 'ok';
  } catch (err) {
    return `down: ${(err as Error).message}`.slice(0, 200);
  } finally {
    clearTimeout(timer);
  }
}

/** What a readiness probe found: every check's result, and whether the service can serve. */
export interface Readiness {
  status: HealthReady['status'];
  checks: Record<string, string>;
}

export interface HealthOptions {
  /**
   * Checks without which the service cannot serve (default: all). When only other checks fail the service stays
   * ready and reports `degraded`: with the bus or the job queue down, writes still commit their outbox rows and
   * jobs, which the relay and the queue catch up with once it is back (libs/platform/README.md, "Readiness").
   */
  essential?: string[];
}

/**
 * `/health/live` (the process answers) and `/health/ready`: 200 `ok` when every check answers, 200 `degraded` when
 * only non-essential ones fail, 503 `unavailable` when an essential one fails. Returns the probe, which the
 * metrics read at scrape time (`vitrina_dependency_up`, `vitrina_degraded`).
 */
export function installHealth(
  app: FastifyInstance,
  service: string,
  checks: Record<string, HealthCheck>,
  options: HealthOptions = {},
): () => Promise<Readiness> {
  const names = Object.keys(checks);
  const essential = new Set(options.essential ?? names);
  const probe = async (): Promise<Readiness> => {
    const results = await Promise.all(names.map((n) => withTimeout(checks[n], 2000)));
    const detail = Object.fromEntries(names.map((n, i) => [n, results[i]]));
    const down = names.filter((_, i) => results[i] !== 'ok');
    const status = down.length === 0 ? 'ok' : down.some((n) => essential.has(n)) ? 'unavailable' : 'degraded';
    return { status, checks: detail };
  };
  app.get('/health/live', async (): Promise<HealthLive> => ({ status: 'ok', service }));
  app.get('/health/ready', async (_req, reply): Promise<HealthReady> => {
    const { status, checks: detail } = await probe();
    void reply.status(status === 'unavailable' ? 503 : 200);
    return { status, service, checks: detail };
  });
  return probe;
}
