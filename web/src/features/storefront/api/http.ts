import { api, unwrap } from '@/api/client';

export type Query = Record<string, string | number | boolean | undefined>;

/**
 * GET through the shared API client (same middleware, same ApiError mapping), typed with the JSON shapes of
 * `@vitrina/contracts`, the one source the catalogue and store services answer with. Paths are the gateway's
 * (`/api/{group}/...`); the generated OpenAPI types can replace the cast once the snapshot holds these paths.
 */
export function getJson<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  const clean = query ? Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) : undefined;
  return unwrap(api.GET(path as never, { params: { query: clean }, signal } as never)) as Promise<T>;
}

/** A path segment from user or API data, encoded once here. */
export function seg(value: string): string {
  return encodeURIComponent(value);
}
