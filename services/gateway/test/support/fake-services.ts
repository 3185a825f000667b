import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { SERVICE_NAMES, SERVICES, type ServiceName } from '@vitrina/contracts';
import { refusedPort } from '@vitrina/platform/testing';

/** What a fake service saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
  body: string;
}

export interface FakeService {
  name: string;
  url: string;
  seen: SeenRequest[];
  /** Lets a streaming response (`/{group}/big`) send the rest after its first chunk. */
  releaseBigResponse(): void;
  /** Whether `/{group}/big` finished producing its body (set only once every byte was handed to the socket). */
  bigResponseDone(): boolean;
  ready: boolean;
  close(): Promise<void>;
}

export interface FakeServiceOptions {
  openapi?: unknown;
  /** Delay of `/{group}/slow` in ms. */
  slowMs?: number;
}

export const BIG_RESPONSE_BYTES = 20 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 0x61);

/**
 * A real HTTP server standing in for a Vitrina service, answering under each of its groups:
 * `echo` (any method: what it received), `big` (20 MB, the rest only after `releaseBigResponse`), `slow`,
 * `crash` (an HTML 500 with a stack trace), plus `/health/ready` and `/openapi.json`.
 */
export async function startFakeService(name: ServiceName, options: FakeServiceOptions = {}): Promise<FakeService> {
  const app: FastifyInstance = Fastify({ bodyLimit: 64 * 1024 * 1024 });
  const seen: SeenRequest[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let bigDone = false;
  const fake = {
    name,
    url: '',
    seen,
    releaseBigResponse: () => release(),
    bigResponseDone: () => bigDone,
    ready: true,
    close: () => app.close(),
  } satisfies FakeService;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.get('/health/ready', async (_req, reply) => reply.status(fake.ready ? 200 : 503).send({ status: fake.ready ? 'ok' : 'unavailable' }));
  app.get('/openapi.json', async (_req, reply) =>
    options.openapi ? options.openapi : reply.status(404).send({ code: 'not_found', message: 'no' }),
  );
  for (const group of SERVICES[name].groups) {
    app.all(`/${group}/echo*`, async (req) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const entry: SeenRequest = {
        method: req.method,
        url: req.url,
        headers: { ...req.headers },
        bodyBytes: body.length,
        body: body.length <= 4096 ? body.toString('utf8') : '',
      };
      seen.push(entry);
      return { service: name, ...entry };
    });
    app.get(`/${group}/big`, async (_req, reply) => {
      let sent = 0;
      const stream = new Readable({
        read() {
          if (sent === 0) {
            sent += CHUNK.length;
            this.push(CHUNK);
            return;
          }
          void released.then(() => {
            if (sent >= BIG_RESPONSE_BYTES) {
              bigDone = true;
              this.push(null);
              return;
            }
            sent += CHUNK.length;
            this.push(CHUNK);
          });
        },
      });
      return reply.type('application/octet-stream').send(stream);
    });
    app.get(`/${group}/slow`, async () => {
      await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 2_000));
      return { late: true };
    });
    app.get(`/${group}/crash`, async (_req, reply) =>
      reply
        .status(500)
        .type('text/html')
        .send('<html><body><pre>Error: boom\n    at secret (/srv/app/internal.js:1:1)</pre></body></html>'),
    );
  }
  fake.url = await app.listen({ port: 0, host: '127.0.0.1' });
  return fake;
}

/** One fake per service, with overrides; returns the fakes and the `serviceUrls` map for the gateway. */
export async function startFakeServices(options: Partial<Record<ServiceName, FakeServiceOptions>> = {}) {
  const fakes = {} as Record<ServiceName, FakeService>;
  for (const name of SERVICE_NAMES) fakes[name] = await startFakeService(name, options[name]);
  const serviceUrls = Object.fromEntries(SERVICE_NAMES.map((n) => [n, fakes[n].url])) as Record<ServiceName, string>;
  return {
    fakes,
    serviceUrls,
    close: () => Promise.all(SERVICE_NAMES.map((n) => fakes[n].close())).then(() => undefined),
  };
}

/** A URL on which nothing listens (connection refused). */
export async function closedUrl(): Promise<string> {
  return `http://127.0.0.1:${await refusedPort()}`;
}
