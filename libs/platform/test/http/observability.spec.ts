import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino, type Level } from 'pino';
import { installObservability, SLOW_REQUEST_MS } from '../../src/http/observability.js';

/** A Fastify app with the platform's observability hooks and a logger whose lines land in `lines`. */
async function appLoggingAt(level: Level) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level }, sink);
  const app = Fastify();
  installObservability(app, 'test', logger);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, SLOW_REQUEST_MS + 20));
    return { ok: true };
  });
  await app.ready();
  return { app, lines: () => lines.filter((l) => l.msg === 'request') };
}

describe('access log', () => {
  it('logs failures at info and successful requests only at debug', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ url: '/ok' });
    await app.inject({ url: '/missing' });
    await app.inject({ url: '/boom' });
    await new Promise((r) => setImmediate(r));
    expect(lines().map((l) => [l.url, l.status, l.level])).toEqual([
      ['/missing', 404, 30],
      ['/boom', 500, 30],
    ]);
    await app.close();
  });

  it('logs every request at debug, with its duration', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ url: '/ok' });
    await app.inject({ url: '/missing' });
    await new Promise((r) => setImmediate(r));
    expect(lines().map((l) => [l.url, l.status, l.level])).toEqual([
      ['/ok', 200, 20],
      ['/missing', 404, 30],
    ]);
    expect(typeof lines()[0].ms).toBe('number');
    await app.close();
  });

  it('logs a slow successful request at info', async () => {
    expect(SLOW_REQUEST_MS).toBeGreaterThan(0);
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ url: '/slow' });
    await new Promise((r) => setImmediate(r));
    expect(lines().map((l) => [l.url, l.status, l.level])).toEqual([['/slow', 200, 30]]);
    await app.close();
  });
});
