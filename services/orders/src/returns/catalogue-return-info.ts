import { CatalogueReturnInfoSchema, SERVICES, serviceUrlVariable, type CatalogueReturnInfo } from '@vitrina/contracts';

/** DI token of the catalogue reader a return request asks about each line's item. */
export const RETURN_INFO_SOURCE = Symbol.for('orders.return-info-source');

/**
 * The items' return terms (spec 3 §3 'Return info'), read from the catalogue's public item route
 * (`GET /catalogue/items/{id}`, its `return_info` field). Answers `undefined` for an item the catalogue no longer has,
 * `null` for an item without terms; throws ReturnInfoUnavailable when the catalogue cannot answer.
 */
export interface ReturnInfoSource {
  returnInfo(itemId: string): Promise<CatalogueReturnInfo | null | undefined>;
}

export class ReturnInfoUnavailable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ReturnInfoUnavailable';
  }
}

export const RETURN_INFO_TIMEOUT_MS = 2_000;

/** The HTTP reader: SERVICE_URL_CATALOGUE (instances comma-separated take turns), CATALOGUE_TIMEOUT_MS (default 2 s). */
export function returnInfoFromEnv(env: NodeJS.ProcessEnv = process.env, doFetch: typeof fetch = fetch): ReturnInfoSource {
  const configured = env[serviceUrlVariable('catalogue')] || `http://127.0.0.1:${SERVICES.catalogue.port}`;
  const bases = configured
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const timeout = Number(env.CATALOGUE_TIMEOUT_MS);
  const timeoutMs = Number.isInteger(timeout) && timeout > 0 ? timeout : RETURN_INFO_TIMEOUT_MS;
  let turn = 0;
  return {
    async returnInfo(itemId) {
      const base = bases[turn++ % bases.length];
      let res: Response;
      let text: string;
      try {
        res = await doFetch(`${base}/catalogue/items/${encodeURIComponent(itemId)}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await res.text();
      } catch (err) {
        throw new ReturnInfoUnavailable(`catalogue item read: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      if (res.status >= 500) throw new ReturnInfoUnavailable(`catalogue item read answered ${res.status}`);
      // 404 (gone, unpublished) or any other refusal: the catalogue no longer offers it
      if (res.status >= 400) return undefined;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ReturnInfoUnavailable('catalogue item read answered something that is not JSON');
      }
      const raw = (body as { return_info?: unknown } | null)?.return_info;
      if (raw === null || raw === undefined) return null;
      const parsed = CatalogueReturnInfoSchema.safeParse(raw);
      return parsed.success ? parsed.data : null;
    },
  };
}
