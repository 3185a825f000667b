import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { context } from '@opentelemetry/api';
import { catalogueReservationsClient, CatalogueReservationsError, CatalogueReservationsUnavailable } from '@vitrina/contracts';
import { nodeHttpPost } from '../../src/http/node-http-post.js';
import { contextFromTraceparent, installTraceContext } from '../../src/telemetry/tracing.js';

/**
 * The internal calls' node:http transport against a real local server: what it sends, one kept-alive connection for
 * calls in turn, the timeout and a refused connection as rejections (the typed clients' Unavailable), the caller's
 * traceparent carried.
 */
describe('nodeHttpPost (internal calls over node:http keep-alive)', () => {
  let server: Server;
  let url: string;
  const sockets = new Set<Socket>();
  const seen: Array<{ method?: string; url?: string; headers: IncomingMessage['headers']; body: string }> = [];

  beforeAll(async () => {
    installTraceContext();
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url?.startsWith('/silent')) return; // never answers
        if (req.url?.startsWith('/refuse')) {
          res.writeHead(409, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: 'nope', message: 'Refused' }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, echo: JSON.parse(body || '{}') }));
      });
    });
    server.on('connection', (s: Socket) => sockets.add(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('posts the body with its headers and answers the status and text; calls in turn share one connection', async () => {
    const post = nodeHttpPost();
    const before = sockets.size;
    for (let i = 0; i < 5; i++) {
      const answer = await post(`${url}/internal/x?i=${i}`, { 'content-type': 'application/json', 'x-test': 'sí' }, `{"i":${i}}`, 2_000);
      expect(answer).toEqual({ status: 200, text: JSON.stringify({ ok: true, echo: { i } }) });
    }
    expect(sockets.size - before).toBe(1);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/internal/x?i=4', body: '{"i":4}' });
    expect(last.headers).toMatchObject({ 'content-type': 'application/json', 'content-length': '7', connection: 'keep-alive' });
    expect(last.headers.traceparent).toBeUndefined();
  });

  it("carries the caller's traceparent", async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await context.with(contextFromTraceparent(traceparent), () => nodeHttpPost()(`${url}/traced`, {}, '{}', 2_000));
    expect(seen.at(-1)!.headers.traceparent).toBe(traceparent);
  });

  it('rejects on the timeout and on a refused connection; the typed client makes them Unavailable, a 4xx its Error', async () => {
    const post = nodeHttpPost();
    const started = Date.now();
    await expect(post(`${url}/silent`, {}, '{}', 200)).rejects.toThrow('no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(post(`http://127.0.0.1:${port}/x`, {}, '{}', 2_000)).rejects.toThrow(/ECONNREFUSED/);

    const client = (path: string) =>
      catalogueReservationsClient({ baseUrl: `${url}${path}`, secret: 's'.repeat(16), post, timeoutMs: 200 });
    await expect(client('/silent').release('c1')).rejects.toBeInstanceOf(CatalogueReservationsUnavailable);
    await expect(client('/refuse').release('c1')).rejects.toBeInstanceOf(CatalogueReservationsError);
    await expect(client('/refuse').release('c1')).rejects.toMatchObject({ status: 409, code: 'nope', message: 'Refused' });
    expect(await client('').extend('c1', '2030-01-01T00:00:00.000Z')).toMatchObject({
      ok: true,
      echo: { expiresAt: '2030-01-01T00:00:00.000Z' },
    });
    expect(seen.at(-1)!.headers['x-vitrina-service-secret']).toBe('s'.repeat(16));
  });
});
