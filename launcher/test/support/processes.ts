/**
 * Helpers for tests that run the real processes (a service's dist/main.js, the gateway's, the launchers): spawn
 * with captured logs, wait for health, hold a request in flight, pick free ports, make a fresh PostgreSQL database.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const ROOT = resolve(import.meta.dirname, '../../..');

/** Builds the server side once if a script the test runs is missing (`npm test` builds before the suites). */
export function ensureBuilt(...scripts: string[]): void {
  if (scripts.every((s) => existsSync(resolve(ROOT, s)))) return;
  execFileSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
}

export interface Spawned {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  log(): string;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL if still running (test cleanup). */
  kill(): Promise<void>;
}

export function spawnNode(script: string, env: Record<string, string | undefined>): Spawned {
  const child = spawn(process.execPath, [resolve(ROOT, script)], {
    cwd: ROOT,
    env: Object.fromEntries(Object.entries({ ...process.env, ...env }).filter((e): e is [string, string] => e[1] !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  );
  return {
    child,
    log: () => out,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** Polls `url` until it answers 2xx; fails early when the process exits. */
export async function waitHealthy(url: string, p: Spawned, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) throw new Error(`process exited before ${url} was healthy:\n${p.log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms:\n${p.log()}`);
}

/** Polls every `intervalMs` until `check` returns a value (not undefined); throws with `what` after the timeout. */
export async function waitUntil<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 60_000, intervalMs = 250): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A free TCP port on 127.0.0.1 (the OS picks one; another run of the suite gets another). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A port offset that leaves `base + offset + k` free for every base port and k the test needs (the launchers put
 * service i at SERVICE port + SERVICE_PORT_OFFSET [+ 100 per extra instance]). Random, then checked.
 */
export async function freeOffset(bases: number[], max = 20_000): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const offset = 1_000 + Math.floor(Math.random() * (max - 1_000));
    if ((await Promise.all(bases.map((b) => isFree(b + offset)))).every(Boolean)) return offset;
  }
  throw new Error('no free port range found');
}

async function isFree(port: number): Promise<boolean> {
  return new Promise((r) => {
    const server = createServer();
    server.once('error', () => r(false));
    server.listen(port, '127.0.0.1', () => server.close(() => r(true)));
  });
}

export interface HeldRequest {
  /** Resolves once the server has taken the request (it answered `100 Continue`): the request is in flight. */
  accepted: Promise<void>;
  /** Sends the rest of the body. */
  finish(): void;
  /** The raw HTTP answer, once the server closed the connection or sent a full response. */
  response: Promise<{ status: number; body: string; raw: string }>;
}

/**
 * A POST whose body arrives in two parts: headers and the first bytes now, the rest on `finish()`. With
 * `Expect: 100-continue` the server answers `100 Continue` once it has dispatched the request, which proves the
 * request is in flight (not merely a connection) before the test sends a signal.
 */
export function holdRequest(port: number, path: string, json: unknown, headers: Record<string, string> = {}): HeldRequest {
  const body = Buffer.from(JSON.stringify(json));
  const socket = connect(port, '127.0.0.1');
  let raw = '';
  let onContinue!: () => void;
  const accepted = new Promise<void>((r) => (onContinue = r));
  const response = new Promise<{ status: number; body: string; raw: string }>((resolveResponse, reject) => {
    const parse = () => {
      const final = raw.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      const head = final.indexOf('\r\n\r\n');
      if (head < 0) return undefined;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(final)?.[1]);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(final.slice(0, head))?.[1] ?? NaN);
      const rest = final.slice(head + 4);
      if (Number.isFinite(length) && Buffer.byteLength(rest) < length) return undefined;
      return { status, body: rest, raw: final };
    };
    socket.on('data', (c: Buffer) => {
      raw += c.toString();
      if (raw.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) onContinue();
      const done = parse();
      if (done && done.status !== 100) resolveResponse(done);
    });
    socket.on('close', () => {
      const done = parse();
      if (done && done.status !== 100) resolveResponse(done);
      else reject(new Error(`connection closed without an answer: ${JSON.stringify(raw)}`));
    });
    socket.on('error', () => undefined);
  });
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      'Expect: 100-continue',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n'),
  );
  void accepted.then(() => socket.write(body.subarray(0, 3)));
  // A test that never finishes the request does not await the answer: its failure is expected, not unhandled.
  response.catch(() => undefined);
  return { accepted, finish: () => socket.write(body.subarray(3)), response };
}

/** Whether a new request to `url` is turned away: connection refused, or 503 from a server that is closing. */
export async function refused(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return res.status === 503;
  } catch {
    return true;
  }
}

export interface Scratch {
  dataDir: string;
  /** A fresh PostgreSQL database when DATABASE_URL is set (faster and lighter than a new PGlite), else undefined. */
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

export async function scratch(label: string, withDatabase = true): Promise<Scratch> {
  const dataDir = mkdtempSync(join(tmpdir(), `vitrina-${label}-`));
  const base = process.env.DATABASE_URL;
  let name: string | undefined;
  let databaseUrl: string | undefined;
  if (withDatabase && base) {
    name = `vt_${label.replace(/[^a-z0-9]/g, '_')}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`create database "${name}"`);
    await c.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    async cleanup() {
      if (name && base) {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
        await c.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The JSON log lines of a process's output. */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .map((l) => l.replace(/^\[[^\]]+\] /, ''))
    .filter((l) => l.startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}
