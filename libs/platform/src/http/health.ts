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

/** `/health/live` (the process answers) and `/health/ready` (its database, bus and queue answer). */
export function installHealth(app: FastifyInstance, service: string, checks: Record<string, HealthCheck>): void {
  app.get('/health/live', async (): Promise<HealthLive> => ({ status: 'ok', service }));
  app.get('/health/ready', async (_req, reply): Promise<HealthReady> => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((n) => withTimeout(checks[n]!, 2000)));
    const detail = Object.fromEntries(names.map((n, i) => [n, results[i]]));
    const ok = results.every((r) => r === 'ok');
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', service, checks: detail };
  });
}
