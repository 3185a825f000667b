/**
 * The gateway's own refusals (issue 9 item 2): whatever it answers itself is `{ code, message }` with a stable
 * code — unclean text in the path, query or headers, headers too large, undecodable or overlong paths, unknown
 * groups — and an upstream that drops a too-large upload answers 413, never 502.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'undici';
import type { RunningGateway } from '../src/gateway.module.js';
import { startGateway } from './support/load-gateway.js';
import { startFakeServices } from './support/fake-services.js';
import { headAskingToContinue } from './support/expect-continue.js';

let stack: Awaited<ReturnType<typeof startFakeServices>>;
let gateway: RunningGateway;
/** Stands in for a store that refuses a body mid-way: 413 and the connection closed at the first chunk. */
let resetting: Server;
let resettingCalls = 0;

beforeAll(async () => {
  stack = await startFakeServices();
  resetting = createHttpServer((req, res) => {
    resettingCalls++;
    req.once('data', () => {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ code: 'payload_too_large', message: 'The request body is larger than allowed' }));
      req.socket.destroy();
    });
  });
  await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
  gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    serviceUrls: { ...stack.serviceUrls, store: `http://127.0.0.1:${(resetting.address() as AddressInfo).port}` },
    logLevel: process.env.GW_LOG ?? 'silent',
  });
});

afterAll(async () => {
  await gateway?.close();
  await stack?.close();
  await new Promise<void>((resolve) => resetting?.close(() => resolve()));
});

/** Sends bytes as given on a raw socket (no client-side checks) and reads status and body. */
function raw(text: string | Buffer): Promise<{ status: number; body: string }> {
  const { port } = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      if (!status) reject(new Error(`no answer to ${JSON.stringify(String(text).slice(0, 60))}: ${answer.slice(0, 100)}`));
      else resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
    // write, not end: a half-closed client counts as gone, and a proxied request is then dropped.
    socket.write(typeof text === 'string' ? Buffer.from(text, 'latin1') : text);
  });
}

function get(path: string, headers = ''): Promise<{ status: number; body: string }> {
  return raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`);
}

function errorBody(body: string): { code: string; message: string } {
  const parsed = JSON.parse(body) as { code: string; message: string };
  expect(typeof parsed.message).toBe('string');
  return parsed;
}

describe('the gateway’s own refusals', () => {
  it('refuses NUL and invalid Unicode in the path, query or a header with 400 invalid_text, before any service', async () => {
    const before = stack.fakes.catalogue.seen.length;
    for (const path of [
      '/api/catalogue/echo/a%00b',
      '/api/catalogue/echo?q=%ED%A0%80',
      '/api/catalogue/echo?q=%C3%28',
      '/tienda/demo/%FF',
    ]) {
      const res = await get(path);
      expect([path, res.status, errorBody(res.body).code]).toEqual([path, 400, 'invalid_text']);
    }
    const header = await get('/api/catalogue/echo', 'Accept-Language: es\xff\r\n');
    expect([header.status, errorBody(header.body).code]).toEqual([400, 'invalid_text']);
    expect(stack.fakes.catalogue.seen.length).toBe(before);
    // Opaque credentials are not text the platform reads.
    const cookie = await get('/api/catalogue/echo', 'Cookie: a=\xff\r\n');
    expect(cookie.status).toBe(200);
  });

  it('answers headers too large, malformed HTTP, undecodable and overlong paths and unknown groups as { code, message }', async () => {
    const big = await get('/api/catalogue/echo', `X-Big: ${'a'.repeat(40_000)}\r\n`);
    expect([big.status, errorBody(big.body).code]).toEqual([431, 'headers_too_large']);
    const nul = await raw('GET /api/catalogue/echo HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n');
    expect([nul.status, errorBody(nul.body).code]).toEqual([400, 'invalid_text']);
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect([garbage.status, errorBody(garbage.body).code]).toEqual([400, 'bad_request']);
    const undecodable = await get('/api/catalogue/%');
    expect(undecodable.status).toBe(400);
    expect(errorBody(undecodable.body).code).toMatch(/^[a-z_]+$/);
    const overlong = await get(`/api/${'g'.repeat(500)}/x`);
    expect(overlong.status).toBeGreaterThanOrEqual(400);
    expect(overlong.status).toBeLessThan(500);
    expect(errorBody(overlong.body).code).toMatch(/^[a-z_]+$/);
    // (CONNECT never reaches a route: Node closes the connection when nothing handles tunnels.)
    for (const method of ['PROPFIND', 'TRACE', 'SEARCH']) {
      const odd = await raw(`${method} /api/catalogue/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect([method, odd.status < 500, errorBody(odd.body).code]).toEqual([method, true, expect.stringMatching(/^[a-z_]+$/)]);
    }
    const unknown = await get('/api/no-such-group/x');
    expect([unknown.status, errorBody(unknown.body).code]).toEqual([404, 'not_found']);
  });

  it('answers 413, never 502, when the service drops an upload it finds too large', async () => {
    const chunks = Array.from({ length: 48 }, () => Buffer.alloc(64 * 1024, 7)); // 3 MiB chunked: under the gallery's limit
    const res = await request(`${gateway.url}/api/gallery/x`, {
      method: 'POST',
      body: Readable.from(chunks),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(413);
    expect(await res.body.json()).toMatchObject({ code: 'payload_too_large' });
    expect(resettingCalls).toBeGreaterThan(0);
  });
});

/**
 * A client that is still sending its body when the 413 arrives (a phone uploading a photo, Chromium posting 2 MB):
 * the gateway reads and drops the rest instead of closing with bytes unread, which makes the kernel answer them with
 * a reset that can wipe the 413 out of the client's receive buffer before it is read (seen as EPIPE in a browser
 * journey). Afterwards the connection still serves the next request.
 */
describe('a refused body the client is still sending', () => {
  /** Opens a socket, sends `head` and the first part of the body, waits for the answer, then sends the rest. */
  async function refusedWhileSending(head: string, first: Buffer, rest: Buffer[]) {
    const { port } = new URL(gateway.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let failure: Error | undefined;
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => (received += c));
    socket.on('error', (err) => (failure = err));
    const answered = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if ((received.match(/"payload_too_large"|"service":/g) ?? []).length >= count) resolve();
          else if (failure || socket.destroyed) reject(failure ?? new Error(`closed after ${JSON.stringify(received.slice(0, 400))}`));
          else setTimeout(check, 5);
        };
        check();
      });
    const write = (chunk: Buffer | string) =>
      new Promise<void>((resolve, reject) => socket.write(chunk, (err) => (err ? reject(err) : resolve())));
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    await write(head);
    await write(first);
    await answered(1);
    for (const chunk of rest) {
      await write(chunk);
      // The time a slow uplink takes: long enough for a closing socket to have been reset.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // The same connection serves the next request.
    await write('GET /api/catalogue/echo HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await answered(2);
    socket.destroy();
    return { received, failure };
  }

  it('reads the rest of a body whose Content-Length passes the limit, answers 413 and keeps the connection', async () => {
    const before = stack.fakes.catalogue.seen.length;
    const size = 3 * 1024 * 1024;
    const chunks = Array.from({ length: size / (64 * 1024) }, () => Buffer.alloc(64 * 1024, 1));
    const { received, failure } = await refusedWhileSending(
      `POST /api/catalogue/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: ${size}\r\n\r\n`,
      chunks[0],
      chunks.slice(1),
    );
    expect(failure).toBeUndefined();
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).not.toMatch(/connection: close/i);
    // Only the GET reached the service.
    expect(stack.fakes.catalogue.seen.length).toBe(before + 1);
  });

  it('reads the rest of a chunked body once it passes the limit, answers 413 and keeps the connection', async () => {
    const chunk = (size: number) => Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, 2), Buffer.from('\r\n')]);
    const { received, failure } = await refusedWhileSending(
      'POST /api/catalogue/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
      Buffer.concat(Array.from({ length: 20 }, () => chunk(64 * 1024))), // 1.25 MiB: past the 1 MiB limit
      [...Array.from({ length: 28 }, () => chunk(64 * 1024)), Buffer.from('0\r\n\r\n')],
    );
    expect(failure).toBeUndefined();
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('reads the rest of a body the service dropped as too large, answers 413 and keeps the connection', async () => {
    const chunk = (size: number) => Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, 3), Buffer.from('\r\n')]);
    const calls = resettingCalls;
    const { received, failure } = await refusedWhileSending(
      'POST /api/gallery/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
      chunk(64 * 1024),
      [...Array.from({ length: 47 }, () => chunk(64 * 1024)), Buffer.from('0\r\n\r\n')], // 3 MiB: under the gallery's limit
    );
    expect(failure).toBeUndefined();
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(resettingCalls).toBe(calls + 1);
  });
});

it('does not read a declared body far past what it would drop: 413 and the connection closed', async () => {
  const res = await raw(
    'POST /api/catalogue/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: 68157440\r\n\r\n',
  );
  expect([res.status, errorBody(res.body).code]).toEqual([413, 'payload_too_large']);
});

describe('Expect: 100-continue', () => {
  it('refuses a declared body over the limit before it is sent: 413 as the first answer, no 100 Continue', async () => {
    const before = stack.fakes.catalogue.seen.length;
    const { socket, first } = await headAskingToContinue(gateway.url, '/api/catalogue/echo', 3 * 1024 * 1024, 'application/octet-stream');
    const answer = await first();
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).not.toMatch(/100 Continue/);
    expect(stack.fakes.catalogue.seen.length).toBe(before);
  });

  it('refuses an unknown API group without asking for the body', async () => {
    const { socket, first } = await headAskingToContinue(gateway.url, '/api/nothing-here/x', 2);
    const answer = await first();
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).not.toMatch(/100 Continue/);
  });

  it('asks for an acceptable body with 100 Continue, then proxies it', async () => {
    const body = JSON.stringify({ hello: 'mundo' });
    const { socket, first, read } = await headAskingToContinue(gateway.url, '/api/catalogue/echo', body.length);
    expect(await first()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    socket.write(body);
    const received = await read(/\r\n\r\n[\s\S]*\r\n\r\n[\s\S]*"service":/);
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(received).toContain('mundo');
  });
});
