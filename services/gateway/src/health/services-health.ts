import { SERVICE_NAMES, type ServiceName } from '@vitrina/contracts';
import type { FastifyInstance } from 'fastify';
import type { Upstreams } from '../proxy/upstreams.js';

export type ServiceState = 'ok' | 'down';

export interface ServicesHealth {
  status: 'ok' | 'unavailable';
  services: Record<ServiceName, ServiceState>;
  /** The services that are not ready, when any. */
  down?: ServiceName[];
}

/**
 * Asks every service's `/health/ready` in parallel. A service is `ok` when an instance answers 200 in time
 * (an instance refusing connections fails over to the next, as API requests do).
 */
export async function checkServices(upstreams: Upstreams, timeoutMs: number): Promise<ServicesHealth> {
  const states = await Promise.all(
    SERVICE_NAMES.map(async (name): Promise<ServiceState> => {
      try {
        const { status } = await upstreams.getJson(name, '/health/ready', timeoutMs);
        return status === 200 ? 'ok' : 'down';
      } catch {
        return 'down';
      }
    }),
  );
  const services = Object.fromEntries(SERVICE_NAMES.map((name, i) => [name, states[i]])) as Record<ServiceName, ServiceState>;
  const down = SERVICE_NAMES.filter((name) => services[name] !== 'ok');
  return down.length === 0 ? { status: 'ok', services } : { status: 'unavailable', services, down };
}

/** `GET /api/health`: 200 when every service is ready, else 503 naming the ones that are not. */
export function installServicesHealthRoute(app: FastifyInstance, upstreams: Upstreams, timeoutMs: number): void {
  app.get('/api/health', async (_request, reply) => {
    const health = await checkServices(upstreams, timeoutMs);
    void reply.status(health.status === 'ok' ? 200 : 503).header('cache-control', 'no-store');
    return health;
  });
}
