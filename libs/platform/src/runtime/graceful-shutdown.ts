import type { Logger } from 'pino';
import { env } from '../config/env.js';

/**
 * SHUTDOWN_TIMEOUT_MS: the longest a graceful stop may take, from the first SIGTERM/SIGINT to the exit (default
 * 10 s): draining in-flight requests, the bus consumers' current messages, the relay's batch and the running jobs,
 * then closing bus, queue and database. Keep it below the orchestrator's own grace period (Kubernetes'
 * terminationGracePeriodSeconds, 30 s by default; docker's stop timeout, 10 s by default: compose sets stop_grace_period).
 */
export const shutdownEnvShape = {
  SHUTDOWN_TIMEOUT_MS: env.int(10_000, 100, 600_000),
};

export interface ShutdownStep {
  /** What the step closes, for the log line. */
  name: string;
  run(): Promise<unknown>;
}

export interface GracefulShutdownOptions {
  logger: Logger;
  /** The whole stop must end within this (SHUTDOWN_TIMEOUT_MS); after it the process exits 1. */
  timeoutMs: number;
  /** Run in order, each after the previous one settled; a failing step is logged and the next still runs. */
  steps: ShutdownStep[];
  signals?: NodeJS.Signals[];
  /**
   * A repeat of the first signal within this many ms is the same request, not a second one: Ctrl-C on `npm start`
   * reaches the launcher twice, from the terminal and forwarded by npm. Default 1000.
   */
  repeatWindowMs?: number;
  /** Tests replace process.exit. */
  exit?: (code: number) => void;
}

export interface GracefulShutdown {
  /** Starts the stop as a signal would (and is what a signal calls). */
  stop(reason: string): void;
}

/**
 * Graceful stop for a process (docs/architecture.md §2, issue 9 item 5): on SIGTERM or SIGINT the steps run in order (for a
 * service: the Nest app, which stops listening, drains in-flight requests, closes the bus consumers after their
 * current message, lets the relay finish its batch and the job workers their jobs; then the runtime, which closes
 * bus and database), then the process exits 0. A second signal, a failed step or the bound (timeoutMs) exits 1,
 * each with a log line saying why.
 *
 * Replaces Nest's `enableShutdownHooks()`, which closes the app and then re-raises the signal, so the process died
 * (exit 143) before the runtime's bus, queue and database were closed.
 */
export function installGracefulShutdown(o: GracefulShutdownOptions): GracefulShutdown {
  const exit = o.exit ?? ((code: number) => process.exit(code));
  const repeatWindowMs = o.repeatWindowMs ?? 1000;
  let first: { signal: string; at: number } | undefined;
  let finished = false;

  const done = (code: number) => {
    if (finished) return;
    finished = true;
    exit(code);
  };

  const run = async (reason: string) => {
    const started = Date.now();
    o.logger.info({ signal: reason, timeoutMs: o.timeoutMs }, 'shutting down: no new connections; in-flight work finishes');
    // Referenced on purpose: if a step waits on something that can never settle, this still ends the process.
    const bound = setTimeout(() => {
      o.logger.error({ timeoutMs: o.timeoutMs }, `shutdown did not finish within SHUTDOWN_TIMEOUT_MS (${o.timeoutMs} ms); exiting with 1`);
      done(1);
    }, o.timeoutMs);
    let failed = false;
    for (const step of o.steps) {
      const at = Date.now();
      try {
        await step.run();
        o.logger.info({ ms: Date.now() - at }, `${step.name}: closed`);
      } catch (err) {
        failed = true;
        o.logger.error({ err }, `${step.name}: close failed`);
      }
    }
    clearTimeout(bound);
    if (failed) {
      o.logger.error({ ms: Date.now() - started }, 'stopped with errors; exiting with 1');
      done(1);
    } else {
      o.logger.info({ ms: Date.now() - started }, 'stopped cleanly');
      done(0);
    }
  };

  const stop = (reason: string) => {
    if (finished) return;
    if (!first) {
      first = { signal: reason, at: Date.now() };
      void run(reason);
      return;
    }
    if (reason === first.signal && Date.now() - first.at < repeatWindowMs) return;
    o.logger.error({ signal: reason }, 'second signal during shutdown: stopping now; exiting with 1');
    done(1);
  };

  for (const signal of o.signals ?? (['SIGTERM', 'SIGINT'] as NodeJS.Signals[])) process.on(signal, () => stop(signal));
  return { stop };
}

export interface SignalsWhileStarting {
  /** The process is up and its graceful stop installed: a signal that came during the start stops it now. */
  started(shutdown: GracefulShutdown): void;
}

/**
 * Until `started` is called, a SIGTERM/SIGINT does not kill the process half-way through its start (migrations,
 * connections, PGlite files: Node's default action, exit 143): the first signal is remembered and the graceful stop
 * runs as soon as the process is up. A second signal, or a start that outlasts `timeoutMs` after the signal, exits 1
 * with a log line, as during the stop itself.
 */
export function holdSignalsWhileStarting(o: Omit<GracefulShutdownOptions, 'steps'>): SignalsWhileStarting {
  const exit = o.exit ?? ((code: number) => process.exit(code));
  const repeatWindowMs = o.repeatWindowMs ?? 1000;
  const signals = o.signals ?? (['SIGTERM', 'SIGINT'] as NodeJS.Signals[]);
  let first: { signal: string; at: number } | undefined;
  let bound: NodeJS.Timeout | undefined;
  let done = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (done) return;
    if (!first) {
      first = { signal, at: Date.now() };
      o.logger.info({ signal, timeoutMs: o.timeoutMs }, 'signal during start: stopping as soon as started');
      bound = setTimeout(() => {
        done = true;
        o.logger.error(
          { timeoutMs: o.timeoutMs },
          `still starting ${o.timeoutMs} ms after ${signal} (SHUTDOWN_TIMEOUT_MS); exiting with 1`,
        );
        exit(1);
      }, o.timeoutMs);
      return;
    }
    if (signal === first.signal && Date.now() - first.at < repeatWindowMs) return;
    done = true;
    o.logger.error({ signal }, 'second signal during start: stopping now; exiting with 1');
    exit(1);
  };
  const handlers = signals.map((signal) => [signal, () => onSignal(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return {
    started(shutdown) {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      if (done) return;
      done = true;
      clearTimeout(bound);
      if (first) shutdown.stop(first.signal);
    },
  };
}
