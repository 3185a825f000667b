import { SERVICE_NAMES, type ServiceName } from '@vitrina/contracts';
import type { Logger } from 'pino';
import type { Upstreams } from '../proxy/upstreams.js';
import { mergeOpenApi, type OpenApiDocument } from './merge-openapi.js';

interface CachedDocument {
  document?: OpenApiDocument;
  /** When the document was fetched (ok) or last attempted (failed). */
  at: number;
  ok: boolean;
}

export interface ApiDescriptionOptions {
  /** A fetched document is used this long before being fetched again (a service's routes change only on deploy). */
  maxAgeMs?: number;
  /** A service whose document could not be fetched is asked again after this long. */
  retryAfterMs?: number;
  fetchTimeoutMs?: number;
}

/**
 * The merged OpenAPI description, built from each service's `/openapi.json`. Documents are cached per
 * service; a failed fetch keeps the last good document (or leaves the service out, listed as unavailable)
 * and is retried soon. Concurrent callers share one refresh.
 */
export class ApiDescription {
  private readonly cache = new Map<ServiceName, CachedDocument>();
  private merged?: OpenApiDocument;
  private refreshing?: Promise<OpenApiDocument>;
  private readonly maxAgeMs: number;
  private readonly retryAfterMs: number;
  private readonly fetchTimeoutMs: number;

  constructor(
    private readonly upstreams: Upstreams,
    private readonly logger: Logger,
    options: ApiDescriptionOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.retryAfterMs = options.retryAfterMs ?? 5_000;
    this.fetchTimeoutMs = options.fetchTimeoutMs ?? 5_000;
  }

  async document(): Promise<OpenApiDocument> {
    const now = Date.now();
    const stale = SERVICE_NAMES.filter((name) => {
      const entry = this.cache.get(name);
      return !entry || now - entry.at > (entry.ok ? this.maxAgeMs : this.retryAfterMs);
    });
    if (stale.length === 0 && this.merged) return this.merged;
    this.refreshing ??= this.refresh(stale).finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async refresh(services: ServiceName[]): Promise<OpenApiDocument> {
    await Promise.all(services.map((name) => this.fetch(name)));
    const available = SERVICE_NAMES.filter((name) => this.cache.get(name)?.document);
    this.merged = mergeOpenApi(
      available.map((service) => ({ service, document: this.cache.get(service)!.document! })),
      { unavailable: SERVICE_NAMES.filter((name) => !this.cache.get(name)?.document) },
    );
    return this.merged;
  }

  private async fetch(service: ServiceName): Promise<void> {
    const previous = this.cache.get(service);
    try {
      const { status, body } = await this.upstreams.getJson(service, '/openapi.json', this.fetchTimeoutMs);
      if (status !== 200 || typeof body !== 'object' || body === null || typeof (body as OpenApiDocument).paths !== 'object') {
        throw new Error(`answered ${status}${status === 200 ? ' without an OpenAPI document' : ''}`);
      }
      this.cache.set(service, { document: body as OpenApiDocument, at: Date.now(), ok: true });
    } catch (err) {
      this.logger.warn({ service, err: (err as Error).message }, 'could not fetch the OpenAPI description');
      this.cache.set(service, { document: previous?.document, at: Date.now(), ok: false });
    }
  }
}
