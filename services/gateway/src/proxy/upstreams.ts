import { Agent, request, type Dispatcher } from 'undici';
import { SERVICE_NAMES, type ServiceName } from '@vitrina/contracts';

/**
 * Errors raised while opening the connection, before a byte of the request was written: retrying the
 * request on another instance is safe whatever its method, and its body stream has not been touched.
 */
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

export function isConnectError(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && CONNECT_ERRORS.has(code);
}

/** Parses `http://a:3101,http://b:3101` into origins; base URLs carry no path, query or credentials. */
export function parseInstanceUrls(variable: string, value: string): string[] {
  const parts = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new Error(`${variable}: at least one URL is required`);
  return parts.map((part) => {
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      throw new Error(`${variable}: "${part}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${variable}: "${part}" must use http or https`);
    if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
      throw new Error(`${variable}: "${part}" must be a bare origin such as http://catalogue:3101 (no path, query or credentials)`);
    }
    return url.origin;
  });
}

/**
 * The instances of one service. Requests are spread round-robin; an instance that refused a connection is
 * skipped for `downForMs` (unless every instance is down, when all are tried again in turn).
 */
export class ServiceInstances {
  private cursor = 0;
  private readonly downUntil = new Map<string, number>();

  constructor(
    readonly service: ServiceName,
    readonly origins: readonly string[],
    private readonly downForMs: number,
  ) {}

  /** The instance for the next request. */
  pick(): string {
    const n = this.origins.length;
    const now = Date.now();
    for (let i = 0; i < n; i++) {
      const origin = this.origins[(this.cursor + i) % n];
      if ((this.downUntil.get(origin) ?? 0) <= now) {
        this.cursor = (this.cursor + i + 1) % n;
        return origin;
      }
    }
    const origin = this.origins[this.cursor % n];
    this.cursor = (this.cursor + 1) % n;
    return origin;
  }

  /** The instance to try after a connection failure: an untried one, healthy ones first; none when all were tried. */
  failoverAfter(tried: ReadonlySet<string>): string | undefined {
    const now = Date.now();
    const untried = this.origins.filter((o) => !tried.has(o));
    return untried.find((o) => (this.downUntil.get(o) ?? 0) <= now) ?? untried[0];
  }

  markDown(origin: string): void {
    this.downUntil.set(origin, Date.now() + this.downForMs);
  }

  markUp(origin: string): void {
    this.downUntil.delete(origin);
  }
}

export interface UpstreamOptions {
  /** Base URL(s) per service, comma-separated for several instances. */
  serviceUrls: Record<ServiceName, string>;
  /** How long an instance that refused a connection is skipped by round-robin. */
  downForMs?: number;
  connectTimeoutMs?: number;
  /** Upper bound for response headers and for the gap between two body chunks (per-request values may be lower). */
  timeoutMs: number;
}

/** Whether a request asks for a server-sent event stream (`Accept: text/event-stream`), in any header shape undici takes. */
export function acceptsEventStream(headers: Dispatcher.DispatchOptions['headers']): boolean {
  const isAccept = (name: unknown) => typeof name === 'string' && name.toLowerCase() === 'accept';
  const wants = (value: unknown) => (Array.isArray(value) ? value : [value]).some((v) => /text\/event-stream/i.test(String(v)));
  if (!headers) return false;
  if (Array.isArray(headers)) {
    // flat [name, value, name, value, ...] or [[name, value], ...]
    if (headers.length > 0 && Array.isArray(headers[0]))
      return (headers as unknown as [unknown, unknown][]).some(([n, v]) => isAccept(n) && wants(v));
    for (let i = 0; i + 1 < headers.length; i += 2) if (isAccept(headers[i]) && wants(headers[i + 1])) return true;
    return false;
  }
  if (typeof (headers as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function') {
    for (const [n, v] of headers as Iterable<[unknown, unknown]>) if (isAccept(n) && wants(v)) return true;
    return false;
  }
  return Object.entries(headers as Record<string, unknown>).some(([n, v]) => isAccept(n) && wants(v));
}

/**
 * Every service's instances plus one undici connection pool per instance (keep-alive, bounded connections),
 * wrapped in a failover interceptor: a request whose connection is refused goes to the next instance of the
 * same service, before any of its body has been read.
 *
 * Server-sent event streams (the inbox's live stream, issue 15) hold their upstream connection for as long as the page
 * is open: they go through a second pool without a connection cap, so open pages can never take the bounded pool's
 * 128 connections per instance and starve every other request to that service.
 */
export class Upstreams {
  readonly dispatcher: Dispatcher;
  private readonly agent: Agent;
  private readonly streamAgent: Agent;
  private readonly services = new Map<ServiceName, ServiceInstances>();
  private readonly byOrigin = new Map<string, ServiceInstances>();

  constructor(options: UpstreamOptions) {
    for (const name of SERVICE_NAMES) {
      const raw = options.serviceUrls[name];
      if (!raw) throw new Error(`No base URL for service ${name}`);
      const instances = new ServiceInstances(name, parseInstanceUrls(`service ${name}`, raw), options.downForMs ?? 5_000);
      this.services.set(name, instances);
      for (const origin of instances.origins) {
        const other = this.byOrigin.get(origin);
        // One process may serve several services, but then they must list the same instances, or failover would be ambiguous.
        if (other && other.origins.join(',') !== instances.origins.join(',')) {
          throw new Error(`Services ${other.service} and ${name} share ${origin} but list different instances`);
        }
        if (!other) this.byOrigin.set(origin, instances);
      }
    }
    const agentFor = (connections: number | null) =>
      new Agent({
        connections,
        pipelining: 1,
        connectTimeout: options.connectTimeoutMs ?? 5_000,
        headersTimeout: options.timeoutMs,
        // between two body chunks; the live stream pings every 15 s, so a silent stream is a dead one
        bodyTimeout: options.timeoutMs,
        // Idle upstream sockets are dropped before the services' own keep-alive timeout (65 s) closes them under us.
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
      });
    this.agent = agentFor(128);
    this.streamAgent = agentFor(null);
    const bounded = this.agent.compose(failoverInterceptor(this.byOrigin));
    const streams = this.streamAgent.compose(failoverInterceptor(this.byOrigin));
    this.dispatcher = bounded.compose(
      (dispatch) =>
        function route(opts, handler) {
          return acceptsEventStream(opts.headers) ? streams.dispatch(opts, handler) : dispatch(opts, handler);
        },
    );
  }

  instances(service: ServiceName): ServiceInstances {
    return this.services.get(service)!;
  }

  /**
   * A GET of the gateway's own (health, OpenAPI) to one instance of `service`, with failover.
   * Resolves with the status and the JSON body (undefined when not JSON); rejects when unreachable or late.
   */
  async getJson(service: ServiceName, path: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
    const res = await request(`${this.instances(service).pick()}${path}`, {
      dispatcher: this.dispatcher,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    const type = String(res.headers['content-type'] ?? '');
    const body: unknown = type.includes('json') ? await res.body.json().catch(() => undefined) : (await res.body.dump(), undefined);
    return { status: res.statusCode, body };
  }

  async close(): Promise<void> {
    await Promise.all([this.agent, this.streamAgent].map((agent) => agent.close().catch(() => agent.destroy())));
  }
}

function failoverInterceptor(byOrigin: ReadonlyMap<string, ServiceInstances>): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) =>
    function failover(opts, handler) {
      const origin = String(opts.origin);
      const instances = byOrigin.get(origin);
      if (!instances) return dispatch(opts, handler);
      return dispatch(opts, new FailoverHandler(dispatch, opts, handler, instances, origin, new Set([origin])));
    };
}

/** Passes everything through, except a connection error before any response: that one re-dispatches elsewhere. */
class FailoverHandler implements Dispatcher.DispatchHandler {
  private started = false;

  constructor(
    private readonly dispatch: Dispatcher['dispatch'],
    private readonly opts: Dispatcher.DispatchOptions,
    private readonly inner: Dispatcher.DispatchHandler,
    private readonly instances: ServiceInstances,
    private readonly origin: string,
    private readonly tried: Set<string>,
  ) {}

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(controller: Dispatcher.DispatchController, statusCode: number, headers: never, socket: never): void {
    this.inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: never, statusMessage?: string): void {
    this.started = true;
    this.instances.markUp(this.origin);
    this.inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.inner.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: never): void {
    this.inner.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    if (!this.started && isConnectError(error)) {
      this.instances.markDown(this.origin);
      const next = this.instances.failoverAfter(this.tried);
      if (next) {
        this.tried.add(next);
        const opts = { ...this.opts, origin: next, headers: withHost(this.opts.headers, next) };
        this.dispatch(opts, new FailoverHandler(this.dispatch, opts, this.inner, this.instances, next, this.tried));
        return;
      }
    }
    this.inner.onResponseError?.(controller, error);
  }
}

function withHost(headers: Dispatcher.DispatchOptions['headers'], origin: string): Dispatcher.DispatchOptions['headers'] {
  if (!headers || Array.isArray(headers) || typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function') return headers;
  const record = headers as Record<string, string | string[] | undefined>;
  return 'host' in record ? { ...record, host: new URL(origin).host } : headers;
}
