import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import pino from 'pino';
import { installGracefulShutdown, type ShutdownStep } from '../../src/runtime/graceful-shutdown.js';

/** A logger whose lines the test reads, and an exit that records its code instead of ending Jest. */
function harness() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const logger = pino({ level: 'info' }, stream);
  let resolveExit!: (code: number) => void;
  const exited = new Promise<number>((r) => (resolveExit = r));
  return { logger, lines, exited, exit: (code: number) => resolveExit(code) };
}

const step = (name: string, order: string[], run: () => Promise<unknown> = async () => undefined): ShutdownStep => ({
  name,
  run: async () => {
    order.push(name);
    await run();
  },
});

describe('installGracefulShutdown', () => {
  it('runs the steps in order, each after the previous settled, then exits 0', async () => {
    const h = harness();
    const order: string[] = [];
    const stop = installGracefulShutdown({
      logger: h.logger,
      timeoutMs: 60_000,
      signals: [],
      exit: h.exit,
      steps: [step('app', order, () => new Promise((r) => setTimeout(r, 50))), step('runtime', order)],
    });
    stop.stop('SIGTERM');
    expect(await h.exited).toBe(0);
    expect(order).toEqual(['app', 'runtime']);
    expect(h.lines.map((l) => l.msg)).toEqual([
      'shutting down: no new connections; in-flight work finishes',
      'app: closed',
      'runtime: closed',
      'stopped cleanly',
    ]);
  });

  it('still runs the later steps when one fails, and exits 1 saying which failed', async () => {
    const h = harness();
    const order: string[] = [];
    const stop = installGracefulShutdown({
      logger: h.logger,
      timeoutMs: 60_000,
      signals: [],
      exit: h.exit,
      steps: [step('app', order, async () => Promise.reject(new Error('boom'))), step('runtime', order)],
    });
    stop.stop('SIGTERM');
    expect(await h.exited).toBe(1);
    expect(order).toEqual(['app', 'runtime']);
    expect(h.lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['app: close failed', 'runtime: closed', 'stopped with errors; exiting with 1']),
    );
  });

  it('exits 1 when the steps outlast the bound', async () => {
    const h = harness();
    const stop = installGracefulShutdown({
      logger: h.logger,
      timeoutMs: 100,
      signals: [],
      exit: h.exit,
      steps: [{ name: 'stuck', run: () => new Promise(() => undefined) }],
    });
    stop.stop('SIGTERM');
    expect(await h.exited).toBe(1);
    expect(h.lines.at(-1)?.msg).toBe('shutdown did not finish within SHUTDOWN_TIMEOUT_MS (100 ms); exiting with 1');
  });

  it('takes a repeat of the first signal within the window as the same request, and another signal as a second one', async () => {
    const h = harness();
    const stop = installGracefulShutdown({
      logger: h.logger,
      timeoutMs: 60_000,
      signals: [],
      exit: h.exit,
      repeatWindowMs: 60_000,
      steps: [{ name: 'stuck', run: () => new Promise(() => undefined) }],
    });
    stop.stop('SIGINT');
    stop.stop('SIGINT'); // Ctrl-C from the terminal and forwarded by npm: one request
    expect(h.lines.map((l) => l.msg)).not.toContain('second signal during shutdown: stopping now; exiting with 1');
    stop.stop('SIGTERM');
    expect(await h.exited).toBe(1);
    expect(h.lines.at(-1)?.msg).toBe('second signal during shutdown: stopping now; exiting with 1');
  });
});
