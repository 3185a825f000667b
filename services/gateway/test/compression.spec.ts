import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, request } from 'undici';
import type { RunningGateway } from '../src/gateway.module.js';
import { acceptsEventStream } from '../src/proxy/upstreams.js';
import { COMPRESSIBLE_TYPES } from '../src/web/compression.js';
import { startGateway } from './support/load-gateway.js';
import { startFakeServices } from './support/fake-services.js';
import { shopJson, startFakeStorefront, type FakeStorefront } from './support/storefront-fakes.js';

/**
 * Issue 10 §3 'Nothing is compressed': static files are sent precompressed (br/gz files made at build time) with
 * Content-Encoding and Vary; API JSON is compressed by the gateway above a threshold, never server-sent events,
 * never an answer that is already compressed; hashed assets are immutable, index.html revalidates.
 */
const APP_JS = `export const app = ${JSON.stringify('vitrina '.repeat(2_000))};\n`;
const INDEX_HTML = `<!doctype html><html lang="es"><head><meta charset="UTF-8" /><title>Vitrina</title>
<script type="module" src="/assets/index-abc123.js"></script><!-- ${'relleno '.repeat(300)} --></head><body><div id="root"></div></body></html>`;

let fakes: FakeStorefront;
let others: Awaited<ReturnType<typeof startFakeServices>>;
let gateway: RunningGateway;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'vitrina-compression-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), APP_JS);
  // What web/scripts/precompress.mjs writes beside each file after `vite build`.
  await writeFile(join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(APP_JS));
  await writeFile(join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(APP_JS));
  // A file with no compressed sibling.
  await writeFile(join(webDist, 'assets', 'plain-def456.js'), APP_JS);
  fakes = await startFakeStorefront({ shops: [shopJson()], items: [], listings: {}, catalogues: {} });
  others = await startFakeServices();
  gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    serviceUrls: { ...others.serviceUrls, store: fakes.storeUrl, catalogue: fakes.catalogueUrl },
    webDist,
    logLevel: 'silent',
  });
});

afterAll(async () => {
  await gateway?.close();
  await others?.close();
  await fakes?.close();
  await rm(webDist, { recursive: true, force: true });
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await request(`${gateway.url}${path}`, { headers });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

function varyOf(headers: Record<string, string | string[] | undefined>): string[] {
  return String(headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());
}

describe('static assets, precompressed at build time', () => {
  it('sends the .br file to a client that accepts br, with Content-Encoding, Vary and a year of immutable caching', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(varyOf(res.headers)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(APP_JS);
    expect(res.body.length).toBeLessThan(APP_JS.length / 10);
  });

  it('sends the .gz file to a gzip-only client, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varyOf(gz.headers)).toContain('accept-encoding');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varyOf(plain.headers)).toContain('accept-encoding');
    expect(plain.body.toString()).toBe(APP_JS);
  });

  it('still compresses a text file that has no precompressed sibling', async () => {
    const res = await get('/assets/plain-def456.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(APP_JS);
  });

  it('serves pages (index.html) compressed and never cached without revalidation', async () => {
    const res = await get('/tienda/demo/', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyOf(res.headers)).toEqual(expect.arrayContaining(['host', 'accept-encoding']));
    expect(brotliDecompressSync(res.body).toString()).toContain('<title>Bazar de Daniela</title>');
  });
});

describe('API answers, compressed by the gateway', () => {
  it('compresses JSON above the threshold for a client that accepts gzip or br', async () => {
    const gz = await get('/api/catalogue/large-json', { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varyOf(gz.headers)).toContain('accept-encoding');
    expect(gz.headers['content-length']).toBeUndefined();
    const body = JSON.parse(gunzipSync(gz.body).toString()) as { results: unknown[] };
    expect(body.results).toHaveLength(200);
    const br = await get('/api/catalogue/large-json', { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(body);
  });

  it('leaves JSON alone for a client that does not accept compression, and below the threshold', async () => {
    const plain = await get('/api/catalogue/large-json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(plain.body.toString()) as { results: unknown[] }).results).toHaveLength(200);
    const small = await get('/api/catalogue/small-json', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });

  it('never compresses server-sent events: the first event arrives while the stream stays open', async () => {
    const res = await request(`${gateway.url}/api/catalogue/events`, { headers: { 'accept-encoding': 'gzip, br' } });
    try {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['content-encoding']).toBeUndefined();
      let first = '';
      for await (const chunk of res.body) {
        first += Buffer.from(chunk as Buffer).toString();
        if (first.includes('\n\n')) break;
      }
      expect(first).toMatch(/^data: x+\n\n/);
    } finally {
      res.body.destroy();
    }
  });

  it('holds open event streams outside the bounded pool: 150 of them leave the service reachable (issue 15)', async () => {
    // the bounded pool has 128 connections per instance; a live page holds its stream for as long as it is open
    const client = new Agent({ connections: null });
    const streams = await Promise.all(
      Array.from({ length: 150 }, () =>
        request(`${gateway.url}/api/catalogue/events`, { headers: { accept: 'text/event-stream' }, dispatcher: client }),
      ),
    );
    try {
      expect(streams.every((r) => r.statusCode === 200)).toBe(true);
      const plain = await request(`${gateway.url}/api/catalogue/small-json`, { signal: AbortSignal.timeout(10_000), dispatcher: client });
      expect(plain.statusCode).toBe(200);
      expect(await plain.body.json()).toEqual({ ok: true });
    } finally {
      for (const r of streams) r.body.destroy();
      await client.close().catch(() => client.destroy());
    }
  });

  it('tells an event-stream request by its Accept header in every header shape undici passes', () => {
    expect(acceptsEventStream({ accept: 'text/event-stream' })).toBe(true);
    expect(acceptsEventStream({ Accept: ['application/json', 'text/event-stream'] })).toBe(true);
    expect(acceptsEventStream(['host', 'x', 'accept', 'text/event-stream'])).toBe(true);
    expect(acceptsEventStream([['accept', 'text/event-stream']] as never)).toBe(true);
    expect(acceptsEventStream(new Map([['accept', 'text/event-stream']]) as never)).toBe(true);
    expect(acceptsEventStream({ accept: 'application/json' })).toBe(false);
    expect(acceptsEventStream(['accept'])).toBe(false);
    expect(acceptsEventStream(null)).toBe(false);
    expect(acceptsEventStream(undefined)).toBe(false);
  });

  it('passes an answer the service already compressed through untouched (one encoding, not two)', async () => {
    const res = await get('/api/catalogue/gzipped', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString())).toMatchObject({ already: 'compressed' });
  });

  it('compresses text types only: JSON, HTML, XML, JavaScript; not event streams or binaries', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html; charset=utf-8',
      'application/xml',
      'text/plain',
      'application/javascript',
      'text/javascript',
      'image/svg+xml',
    ]) {
      expect({ type, compressed: COMPRESSIBLE_TYPES.test(type) }).toEqual({ type, compressed: true });
    }
    for (const type of ['text/event-stream', 'application/octet-stream', 'image/png', 'application/x-ndjson', 'multipart/form-data']) {
      expect({ type, compressed: COMPRESSIBLE_TYPES.test(type) }).toEqual({ type, compressed: false });
    }
  });
});
