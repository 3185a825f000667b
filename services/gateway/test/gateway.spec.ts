import { request as httpRequest } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'undici';
import type { RunningGateway } from '../src/gateway.module.js';
import { startGateway } from './support/load-gateway.js';
import { BIG_RESPONSE_BYTES, closedUrl, startFakeService, startFakeServices, type FakeService } from './support/fake-services.js';

const INLINE_SCRIPT = "document.documentElement.dataset.theme = 'light';";
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Vitrina default" />
    <title>Vitrina</title>
    <script>${INLINE_SCRIPT}</script>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let stack: Awaited<ReturnType<typeof startFakeServices>>;
let gateway: RunningGateway;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'vitrina-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app");');
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  stack = await startFakeServices({ catalogue: { slowMs: 1_500 } });
  gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    serviceUrls: stack.serviceUrls,
    webDist,
    corsOrigins: ['https://shop.example'],
    upstreamTimeoutMs: 500,
    logLevel: 'silent',
    renderShopHead: async (shop) =>
      'slug' in shop && shop.slug === 'con-head' ? { status: 200, head: '<title>Tienda con head</title>' } : undefined,
  });
});

afterAll(async () => {
  await gateway?.close();
  await stack?.close();
  await rm(webDist, { recursive: true, force: true });
});

async function json(path: string, init: Parameters<typeof request>[1] = {}) {
  const res = await request(`${gateway.url}${path}`, init);
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, any>) : undefined };
}

describe('routing', () => {
  it('sends /api/{group}/{rest} with its query string to the service owning the group', async () => {
    const res = await json('/api/catalogue/echo/items/42?shop=demo&q=caf%C3%A9');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service: 'catalogue', method: 'GET', url: '/catalogue/echo/items/42?shop=demo&q=caf%C3%A9' });
    const gallery = await json('/api/gallery/echo');
    expect(gallery.body).toMatchObject({ service: 'store', url: '/gallery/echo' });
    const auth = await json('/api/auth/echo/login');
    expect(auth.body).toMatchObject({ service: 'accounts', url: '/auth/echo/login' });
  });

  it('passes every method and its body through unchanged', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const payload = JSON.stringify({ name: 'Café', price: { amount: 1250, currency: 'ARS' }, method });
      const res = await json('/api/orders/echo', { method, body: payload, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ service: 'orders', method, body: payload });
      expect(res.body!.headers['content-type']).toBe('application/json');
    }
    const head = await request(`${gateway.url}/api/orders/echo`, { method: 'HEAD' });
    await head.body.dump();
    expect(head.statusCode).toBe(200);
  });

  it('answers an unknown group with a JSON 404 and never calls a service', async () => {
    const before = countSeen();
    const res = await json('/api/nope/anything?x=1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not_found', message: expect.stringContaining('nope') });
    expect(countSeen()).toBe(before);
  });

  it('streams a multipart upload of 4,000,000 bytes to the gallery', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(4_000_000, 7)], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${gateway.url}/api/gallery/echo/upload`, { method: 'POST', body: form });
    const body = (await res.json()) as Record<string, any>;
    expect(res.status).toBe(200);
    expect(body.bodyBytes).toBeGreaterThan(4_000_000);
    expect(String(body.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('refuses path traversal out of the group', async () => {
    // node:http sends the path as written (fetch would resolve the dot segments itself).
    for (const path of ['/api/catalogue/echo/%2e%2e/%2e%2e/health/ready', '/api/catalogue/echo/../../health/ready']) {
      const res = await rawRequest(`${gateway.url}${path}`);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'bad_request' });
    }
  });
});

describe('request identity and forwarding', () => {
  it('generates a request id, forwards it and echoes it in the response', async () => {
    const res = await json('/api/store/echo');
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body!.headers['x-request-id']).toBe(id);
  });

  it('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    const kept = await json('/api/store/echo', { headers: { 'x-request-id': 'req-abc.123' } });
    expect(kept.headers['x-request-id']).toBe('req-abc.123');
    expect(kept.body!.headers['x-request-id']).toBe('req-abc.123');
    const replaced = await json('/api/store/echo', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
    expect(replaced.body!.headers['x-request-id']).toBe(replaced.headers['x-request-id']);
  });

  it('forwards traceparent and x-trace-id, and the x-forwarded-* of the public request', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await json('/api/messages/echo', { headers: { traceparent, 'x-trace-id': 'trace-1', 'x-forwarded-for': '6.6.6.6' } });
    const seen = res.body!.headers;
    expect(seen.traceparent).toBe(traceparent);
    expect(seen['x-trace-id']).toBe('trace-1');
    // The gateway faces clients (no trusted proxy): a client's own X-Forwarded-For is not believed.
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen['x-forwarded-proto']).toBe('http');
    expect(seen['x-forwarded-host']).toBe(new URL(gateway.url).host);
  });

  it('strips hop-by-hop headers and the headers named by Connection', async () => {
    const seen = await new Promise<Record<string, any>>((resolve, reject) => {
      const req = httpRequest(`${gateway.url}/api/messages/echo`, {
        headers: {
          connection: 'keep-alive, x-secret-hop',
          'x-secret-hop': '1',
          'proxy-authorization': 'Basic eDp5',
          'keep-alive': 'timeout=5',
          'x-kept': 'yes',
        },
      });
      req.on('response', (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () => resolve((JSON.parse(data) as Record<string, any>).headers));
      });
      req.on('error', reject);
      req.end();
    });
    expect(seen['x-kept']).toBe('yes');
    expect(seen['x-secret-hop']).toBeUndefined();
    expect(seen['proxy-authorization']).toBeUndefined();
    expect(seen['keep-alive']).toBeUndefined();
  });

  it('answers Expect: 100-continue itself and sends the body upstream whole (was a 502)', async () => {
    const payload = JSON.stringify({ email: 'x@example.com' });
    const answer = await new Promise<{ status: number; body: Record<string, any> }>((resolve, reject) => {
      const req = httpRequest(`${gateway.url}/api/auth/echo/users/exist`, {
        method: 'POST',
        headers: { expect: '100-continue', 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      });
      req.on('continue', () => req.end(payload));
      req.on('response', (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(data) as Record<string, any> }));
      });
      req.on('error', reject);
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ service: 'accounts', method: 'POST', body: payload });
    expect(answer.body.headers.expect).toBeUndefined();
  });
});

describe('streaming', () => {
  it('streams a 20 MB response: the first bytes arrive before the service has produced the rest', async () => {
    const res = await request(`${gateway.url}/api/catalogue/big`);
    expect(res.statusCode).toBe(200);
    let received = 0;
    let released = false;
    for await (const chunk of res.body) {
      received += (chunk as Buffer).length;
      if (!released) {
        // Had the gateway buffered the body, this point would never be reached: the service waits for us.
        expect(stack.fakes.catalogue.bigResponseDone()).toBe(false);
        released = true;
        stack.fakes.catalogue.releaseBigResponse();
      }
    }
    expect(received).toBe(BIG_RESPONSE_BYTES);
  });
});

describe('failures', () => {
  it('answers 502 service_unavailable when the service is down', async () => {
    const down = await startGateway({
      port: 0,
      host: '127.0.0.1',
      serviceUrls: { ...stack.serviceUrls, orders: await closedUrl() },
      logLevel: 'silent',
    });
    try {
      const res = await request(`${down.url}/api/orders/echo`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(502);
      expect(await res.body.json()).toEqual({ code: 'service_unavailable', message: expect.stringContaining('orders') });
    } finally {
      await down.close();
    }
  });

  it('answers 504 upstream_timeout when the service is too slow', async () => {
    const res = await json('/api/catalogue/slow');
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ code: 'upstream_timeout', message: expect.any(String) });
  });

  it('never leaks an upstream stack trace', async () => {
    const res = await request(`${gateway.url}/api/catalogue/crash`);
    const text = await res.body.text();
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(text).not.toMatch(/secret|internal\.js|<html/);
    expect(JSON.parse(text)).toMatchObject({ code: 'service_unavailable' });
  });
});

describe('body size', () => {
  it('refuses a body whose Content-Length passes the limit with 413, without calling the service', async () => {
    const before = stack.fakes.catalogue.seen.length;
    const res = await rawPost(`${gateway.url}/api/catalogue/echo`, Buffer.alloc(2 * 1024 * 1024, 1));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'payload_too_large' });
    expect(stack.fakes.catalogue.seen.length).toBe(before);
  });

  it('counts a chunked body while streaming and refuses it once past the limit', async () => {
    const chunks = Array.from({ length: 24 }, () => Buffer.alloc(64 * 1024, 2)); // 1.5 MiB, no Content-Length
    const res = await request(`${gateway.url}/api/catalogue/echo`, {
      method: 'POST',
      body: Readable.from(chunks),
      headers: { 'content-type': 'application/octet-stream' },
    }).catch((err: unknown) => err as Error);
    if (res instanceof Error) throw res;
    expect(res.statusCode).toBe(413);
    expect(await res.body.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('lets the gallery take bodies above the default limit', async () => {
    const res = await json('/api/gallery/echo', {
      method: 'POST',
      body: Buffer.alloc(3 * 1024 * 1024, 3),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(200);
    expect(res.body!.bodyBytes).toBe(3 * 1024 * 1024);
  });
});

describe('CORS and security headers', () => {
  it('allows a listed origin with credentials', async () => {
    const res = await json('/api/store/echo', { headers: { origin: 'https://shop.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const preflight = await request(`${gateway.url}/api/store/echo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    await preflight.body.dump();
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type,authorization');
  });

  it('gives any other origin no CORS headers', async () => {
    const res = await json('/api/store/echo', { headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await request(`${gateway.url}/api/store/echo`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    await preflight.body.dump();
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends a CSP that allows the app: self scripts plus its inline script by hash, inline styles, images', async () => {
    const res = await request(`${gateway.url}/`, { headers: { accept: 'text/html' } });
    await res.body.dump();
    const csp = String(res.headers['content-security-policy']);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('web app', () => {
  it('serves index.html for client-side routes (SPA fallback) without caching it', async () => {
    const res = await request(`${gateway.url}/tienda/demo/productos`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    const html = await res.body.text();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(html).toContain('<div id="root"></div>');
  });

  it('serves the app at / whatever the Accept header', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await request(`${gateway.url}/`, { method });
      const html = await res.body.text();
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      if (method === 'GET') expect(html).toContain('<div id="root"></div>');
    }
  });

  it('keeps unknown /api paths a JSON 404, even for a browser', async () => {
    const res = await json('/api/nope', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found' });
    const bare = await json('/api', { headers: { accept: 'text/html' } });
    expect(bare.status).toBe(404);
    expect(bare.body).toMatchObject({ code: 'not_found' });
  });

  it('caches hashed assets for a year and answers a missing asset with 404', async () => {
    const asset = await request(`${gateway.url}/assets/index-abc123.js`);
    expect(await asset.body.text()).toContain('console.log');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Document-only headers are left off subresources (bytes on every file on a phone); the page keeps them.
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['etag']).toBeDefined();
    const page = await request(`${gateway.url}/`);
    await page.body.dump();
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const missing = await request(`${gateway.url}/assets/index-missing.js`, { headers: { accept: '*/*' } });
    await missing.body.dump();
    expect(missing.statusCode).toBe(404);
  });

  it("puts a shop's own head into its pages through the renderShopHead hook", async () => {
    const res = await request(`${gateway.url}/tienda/con-head/`, { headers: { accept: 'text/html' } });
    const html = await res.body.text();
    expect(html).toContain('<title>Tienda con head</title>');
    expect(html).not.toContain('<title>Vitrina</title>');
  });

  it('says how to build the app when web/dist is missing', async () => {
    const bare = await startGateway({
      port: 0,
      host: '127.0.0.1',
      serviceUrls: stack.serviceUrls,
      webDist: join(webDist, 'nope'),
      logLevel: 'silent',
    });
    try {
      const res = await request(`${bare.url}/tienda/demo`, { headers: { accept: 'text/html' } });
      expect(await res.body.text()).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('health and metrics', () => {
  it("reports the gateway's own liveness, readiness and metrics", async () => {
    expect((await json('/health/live')).status).toBe(200);
    expect((await json('/health/ready')).status).toBe(200);
    const metrics = await request(`${gateway.url}/metrics`);
    expect(await metrics.body.text()).toContain('http_request_duration_seconds');
  });

  it('GET /api/health is 200 when every service is ready', async () => {
    const res = await json('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      services: { catalogue: 'ok', store: 'ok', 'cart-checkout': 'ok', orders: 'ok', accounts: 'ok', messaging: 'ok', marketing: 'ok' },
    });
  });

  it('GET /api/health is 503 naming the services that are down or not ready', async () => {
    stack.fakes.marketing.ready = false;
    const down = await startGateway({
      port: 0,
      host: '127.0.0.1',
      serviceUrls: { ...stack.serviceUrls, orders: await closedUrl() },
      logLevel: 'silent',
    });
    try {
      const res = await request(`${down.url}/api/health`);
      const body = (await res.body.json()) as Record<string, any>;
      expect(res.statusCode).toBe(503);
      expect(body.status).toBe('unavailable');
      expect(body.services).toMatchObject({ orders: 'down', marketing: 'down', catalogue: 'ok' });
      expect(body.down).toEqual(['orders', 'marketing']);
    } finally {
      stack.fakes.marketing.ready = true;
      await down.close();
    }
  });
});

describe('instances', () => {
  let a: FakeService;
  let b: FakeService;
  beforeAll(async () => {
    a = await startFakeService('catalogue');
    b = await startFakeService('catalogue');
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('spreads requests round-robin over the instances of a service', async () => {
    const gw = await startGateway({
      port: 0,
      host: '127.0.0.1',
      serviceUrls: { ...stack.serviceUrls, catalogue: `${a.url},${b.url}` },
      logLevel: 'silent',
    });
    try {
      for (let i = 0; i < 6; i++) await (await request(`${gw.url}/api/catalogue/echo/${i}`)).body.dump();
      expect(a.seen.map((s) => s.url)).toEqual(['/catalogue/echo/0', '/catalogue/echo/2', '/catalogue/echo/4']);
      expect(b.seen.map((s) => s.url)).toEqual(['/catalogue/echo/1', '/catalogue/echo/3', '/catalogue/echo/5']);
    } finally {
      await gw.close();
    }
  });

  it('fails over to the next instance when one refuses connections, bodies included', async () => {
    a.seen.length = 0;
    const gw = await startGateway({
      port: 0,
      host: '127.0.0.1',
      serviceUrls: { ...stack.serviceUrls, catalogue: `${await closedUrl()},${a.url}` },
      logLevel: 'silent',
    });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await request(`${gw.url}/api/catalogue/echo/${i}`, {
          method: 'POST',
          body: Readable.from([Buffer.from(`{"n":${i}}`)]),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode).toBe(200);
        expect(((await res.body.json()) as Record<string, any>).body).toBe(`{"n":${i}}`);
      }
      expect(a.seen).toHaveLength(4);
    } finally {
      await gw.close();
    }
  });
});

function countSeen(): number {
  return Object.values(stack.fakes).reduce((n, f) => n + f.seen.length, 0);
}

/** A POST with Content-Length through node:http, reading the answer even if the server stops reading the body. */
function rawPost(url: string, body: Buffer): Promise<{ status: number; body: string }> {
  return rawRequest(url, body);
}

function rawRequest(url: string, body?: Buffer): Promise<{ status: number; body: string }> {
  const { origin } = new URL(url);
  const path = url.slice(origin.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest(origin, {
      path,
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/octet-stream', 'content-length': body.length } : {},
    });
    req.on('response', (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    req.end(body);
  });
}
