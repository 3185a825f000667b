import { api, unwrap } from '@/api/client';

export type Query = Record<string, string | number | boolean | undefined | null>;

function clean(query?: Query) {
  return query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')) : undefined;
}

/**
 * Calls through the shared client (the session's bearer middleware, ApiError mapping), typed with the
 * `@vitrina/contracts` JSON shapes until the OpenAPI snapshot holds the admin paths.
 */
export function getJson<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return unwrap(api.GET(path as never, { params: { query: clean(query) }, signal } as never)) as Promise<T>;
}

export function sendJson<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Query): Promise<T> {
  const init = { params: { query: clean(query) }, ...(body === undefined ? {} : { body }) } as never;
  const call = api[method] as unknown as (path: string, init: never) => Promise<{ data?: T; error?: unknown; response: Response }>;
  return unwrap(call(path, init));
}

export function seg(value: string): string {
  return encodeURIComponent(value);
}

/** Who acts: the signed-in owner and the account-type segment of the spec's owner paths. */
export interface OwnerRef {
  ownerId: string;
  /** `{type}` of `/{owner}:{owner}/{type}/...`; not interpreted by the services. */
  accountType: string;
}

/** `/api/store/{owner}:{owner}/{type}/store` (services/store README). */
export function storeBase(owner: OwnerRef): string {
  return `/api/store/${seg(owner.ownerId)}:${seg(owner.ownerId)}/${seg(owner.accountType)}/store`;
}

/** `/api/catalogue/{owner}:{owner}/{type}` (services/catalogue README). */
export function catalogueBase(owner: OwnerRef): string {
  return `/api/catalogue/${seg(owner.ownerId)}:${seg(owner.ownerId)}/${seg(owner.accountType)}`;
}
