/**
 * Issue 9 item 5: graceful shutdown, at process level. Each test runs the real process (a service's dist/main.js,
 * the gateway's, the embedded launcher), holds a request in flight (the server has answered `100 Continue`, or the
 * gateway's upstream has the request), sends SIGTERM, and checks: new requests are turned away, the request in
 * flight completes, the process logs that its runtime (bus, queue, database) closed, and it exits 0. A second
 * signal, or SHUTDOWN_TIMEOUT_MS running out, exits 1 with a log line saying so.
 *
 * A service runs on a fresh PostgreSQL database when DATABASE_URL is set, else on a PGlite in a temporary folder.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect as connectTcp, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { SERVICES } from '@vitrina/contracts';
import {
  ensureBuilt,
  freeOffset,
  freePort,
  holdRequest,
  logLines,
  refused,
  scratch,
  spawnNode,
  waitHealthy,
  waitUntil,
  type Scratch,
  type Spawned,
} from './support/processes.js';

const MARKETING = 'services/marketing/dist/main.js';
const GATEWAY = 'services/gateway/dist/main.js';
const EMBEDDED = 'launcher/dist/embedded.js';

/** Starting a process on a loaded 2-core machine (another suite beside this one) can take a minute: a hang detector. */
const TIMEOUT = 300_000;

const running: Spawned[] = [];
const scratches: Scratch[] = [];

beforeAll(() => ensureBuilt(MARKETING, GATEWAY, EMBEDDED));

afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.kill()));
  await Promise.all(scratches.splice(0).map((s) => s.cleanup()));
});

function messages(p: Spawned): string[] {
  return logLines(p.log()).map((l) => String(l.msg));
}

/** The marketing service as its own process, on a free port, healthy. */
async function startService(extraEnv: Record<string, string> = {}): Promise<{ p: Spawned; port: number }> {
  const s = await scratch('shutdown');
  scratches.push(s);
  const port = await freePort();
  const p = spawnNode(MARKETING, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: s.dataDir,
    DATABASE_URL: s.databaseUrl ?? '',
    EVENT_BUS: 'memory',
    JOB_QUEUE: 'local',
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    ...extraEnv,
  });
  running.push(p);
  await waitHealthy(`http://127.0.0.1:${port}/health/ready`, p);
  return { p, port };
}

describe('a service process on SIGTERM', () => {
  it(
    'finishes the request in flight, turns new ones away, closes bus, queue and database, and exits 0',
    async () => {
      const { p, port } = await startService();
      const held = holdRequest(port, '/marketing/_diag/ping', { note: 'in flight at SIGTERM' });
      await held.accepted;

      p.child.kill('SIGTERM');
      await waitUntil(
        async () => ((await refused(`http://127.0.0.1:${port}/health/live`)) ? true : undefined),
        'new requests to be turned away',
      );
      held.finish();

      const answer = await held.response;
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body)).toEqual({ id: expect.any(String) });
      expect(await p.exited).toEqual({ code: 0, signal: null });
      const said = messages(p);
      expect(said).toEqual(
        expect.arrayContaining([
          'outbox relay stopped',
          'job queue closed',
          'runtime closed',
          'runtime (event bus, database): closed',
          'stopped cleanly',
        ]),
      );
      // One logger writes both (the runtime's own line comes from another, whose order in the pipe is not fixed).
      expect(said.indexOf('stopped cleanly')).toBeGreaterThan(said.indexOf('runtime (event bus, database): closed'));
    },
    TIMEOUT,
  );

  it(
    'exits 1 with a log line on a second signal',
    async () => {
      const { p, port } = await startService();
      const held = holdRequest(port, '/marketing/_diag/ping', { note: 'never finished' });
      await held.accepted;
      p.child.kill('SIGTERM');
      await waitUntil(async () => (messages(p).some((m) => m.startsWith('shutting down')) ? true : undefined), 'the shutdown to start');
      // Past the window in which a repeat counts as the same signal (Ctrl-C delivered by both terminal and npm).
      await new Promise((r) => setTimeout(r, 1_500));
      p.child.kill('SIGTERM');
      expect(await p.exited).toEqual({ code: 1, signal: null });
      expect(messages(p)).toContain('second signal during shutdown: stopping now; exiting with 1');
    },
    TIMEOUT,
  );

  it(
    'exits 1 with a log line when the shutdown outlasts SHUTDOWN_TIMEOUT_MS',
    async () => {
      const { p, port } = await startService({ SHUTDOWN_TIMEOUT_MS: '1500' });
      const held = holdRequest(port, '/marketing/_diag/ping', { note: 'never finished' });
      await held.accepted;
      p.child.kill('SIGTERM');
      expect(await p.exited).toEqual({ code: 1, signal: null });
      expect(messages(p)).toContain('shutdown did not finish within SHUTDOWN_TIMEOUT_MS (1500 ms); exiting with 1');
    },
    TIMEOUT,
  );
});

describe('a service process on SIGTERM while it starts', () => {
  /**
   * A TCP relay in front of PostgreSQL that holds the service's connections until released: the service is then
   * provably inside its start (its signal handling is installed before it opens the database).
   */
  async function heldPostgres(target: URL): Promise<{ port: number; connected: Promise<void>; release(): void; close(): Promise<void> }> {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let connected!: () => void;
    const firstConnection = new Promise<void>((r) => (connected = r));
    const sockets = new Set<Socket>();
    const server = createNetServer((client) => {
      sockets.add(client);
      connected();
      client.pause();
      void released.then(() => {
        const upstream = connectTcp(Number(target.port || 5432), target.hostname);
        sockets.add(upstream);
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return {
      port: (server.address() as AddressInfo).port,
      connected: firstConnection,
      release,
      close: async () => {
        for (const s of sockets) s.destroy();
        await new Promise((r) => server.close(r));
      },
    };
  }

  const withPostgres = process.env.DATABASE_URL ? it : it.skip;

  withPostgres(
    'finishes starting, then stops gracefully and exits 0 (not killed half-way, 143)',
    async () => {
      const s = await scratch('shutdown-start');
      scratches.push(s);
      const target = new URL(s.databaseUrl!);
      const relay = await heldPostgres(target);
      try {
        const viaRelay = new URL(target);
        viaRelay.hostname = '127.0.0.1';
        viaRelay.port = String(relay.port);
        const port = await freePort();
        const p = spawnNode(MARKETING, {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: s.dataDir,
          DATABASE_URL: viaRelay.toString(),
          EVENT_BUS: 'memory',
          JOB_QUEUE: 'local',
          LOG_LEVEL: 'info',
        });
        running.push(p);
        await relay.connected;
        p.child.kill('SIGTERM');
        await waitUntil(
          async () => (messages(p).includes('signal during start: stopping as soon as started') ? true : undefined),
          'the signal to be noted',
        );
        relay.release();
        expect(await p.exited).toEqual({ code: 0, signal: null });
        expect(messages(p)).toEqual(expect.arrayContaining(['marketing listening', 'runtime closed', 'stopped cleanly']));
      } finally {
        await relay.close();
      }
    },
    TIMEOUT,
  );

  withPostgres(
    'exits 1 with a log line when the start outlasts SHUTDOWN_TIMEOUT_MS after the signal',
    async () => {
      const s = await scratch('shutdown-start');
      scratches.push(s);
      const relay = await heldPostgres(new URL(s.databaseUrl!));
      try {
        const port = await freePort();
        const p = spawnNode(MARKETING, {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: s.dataDir,
          DATABASE_URL: `postgres://postgres@127.0.0.1:${relay.port}/never`,
          EVENT_BUS: 'memory',
          JOB_QUEUE: 'local',
          LOG_LEVEL: 'info',
          SHUTDOWN_TIMEOUT_MS: '1500',
        });
        running.push(p);
        await relay.connected;
        p.child.kill('SIGTERM');
        expect(await p.exited).toEqual({ code: 1, signal: null });
        expect(messages(p)).toContain('still starting 1500 ms after SIGTERM (SHUTDOWN_TIMEOUT_MS); exiting with 1');
      } finally {
        await relay.close();
      }
    },
    TIMEOUT,
  );
});

describe('the gateway process on SIGTERM', () => {
  it(
    'lets the proxied request in flight finish, turns new ones away, and exits 0',
    async () => {
      // A marketing stand-in that holds every request until the test releases it.
      const held: Array<ServerResponse> = [];
      let arrived!: () => void;
      const upstreamHas = new Promise<void>((r) => (arrived = r));
      const upstream = createServer((_req: IncomingMessage, res: ServerResponse) => {
        held.push(res);
        arrived();
      });
      await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
      const upstreamPort = (upstream.address() as AddressInfo).port;
      try {
        const s = await scratch('shutdown-gw', false);
        scratches.push(s);
        const port = await freePort();
        const p = spawnNode(GATEWAY, {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: s.dataDir,
          REDIS_URL: '',
          LOG_LEVEL: 'info',
          SERVICE_URL_MARKETING: `http://127.0.0.1:${upstreamPort}`,
        });
        running.push(p);
        await waitHealthy(`http://127.0.0.1:${port}/health/live`, p, 120_000);

        const answer = fetch(`http://127.0.0.1:${port}/api/marketing/anything`).then(async (r) => ({
          status: r.status,
          body: await r.text(),
        }));
        await upstreamHas;
        p.child.kill('SIGTERM');
        await waitUntil(
          async () => ((await refused(`http://127.0.0.1:${port}/health/live`)) ? true : undefined),
          'new requests to be turned away',
        );
        for (const res of held) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');

        expect(await answer).toEqual({ status: 200, body: '{"ok":true}' });
        expect(await p.exited).toEqual({ code: 0, signal: null });
        expect(messages(p)).toContain('stopped cleanly');
      } finally {
        upstream.closeAllConnections();
        await new Promise((r) => upstream.close(r));
      }
    },
    TIMEOUT,
  );
});

describe('the embedded launcher on SIGTERM', () => {
  it(
    'drains the gateway and every service, closes the shared runtime, and exits 0',
    async () => {
      const s = await scratch('shutdown-embedded', false);
      scratches.push(s);
      const gatewayPort = await freePort();
      const offset = await freeOffset(Object.values(SERVICES).map((x) => x.port));
      const marketingPort = SERVICES.marketing.port + offset;
      const p = spawnNode(EMBEDDED, {
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        SERVICE_PORT_OFFSET: String(offset),
        DATA_DIR: s.dataDir,
        DATABASE_URL: '',
        EVENT_BUS: '',
        JOB_QUEUE: '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      });
      running.push(p);
      await waitHealthy(`http://127.0.0.1:${gatewayPort}/api/health`, p);

      // In flight at the marketing service inside the launcher (the gateway would forward `Expect` upstream).
      const held = holdRequest(marketingPort, '/marketing/_diag/ping', { note: 'in flight at SIGTERM' });
      await held.accepted;
      p.child.kill('SIGTERM');
      await waitUntil(
        async () => ((await refused(`http://127.0.0.1:${gatewayPort}/api/health`)) ? true : undefined),
        'the gateway to turn requests away',
      );
      held.finish();

      expect((await held.response).status).toBe(201);
      expect(await p.exited).toEqual({ code: 0, signal: null });
      const said = messages(p);
      expect(said).toEqual(
        expect.arrayContaining([
          'gateway: closed',
          'marketing service: closed',
          'accounts service: closed',
          'runtime closed',
          'stopped cleanly',
        ]),
      );
    },
    TIMEOUT,
  );
});
