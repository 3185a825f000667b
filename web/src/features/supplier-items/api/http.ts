import { api, unwrap } from '@/api/client';

export type Query = Record<string, string | number | boolean | undefined | null>;

/** The signed-in supplier and the account-type segment of the spec's owner paths (`/{owner}:{owner}/{type}/...`). */
export interface SupplierRef {
  ownerId: string;
  /** Not interpreted by the catalogue service; the session's account type. */
  accountType: string;
}

const seg = encodeURIComponent;

/** `/api/catalogue/{owner}:{owner}/{type}/items` (services/catalogue items.admin.controller). */
export function itemsBase(owner: SupplierRef): string {
  return `/api/catalogue/${seg(owner.ownerId)}:${seg(owner.ownerId)}/${seg(owner.accountType)}/items`;
}

export function itemPath(owner: SupplierRef, itemId: string): string {
  return `${itemsBase(owner)}/${seg(itemId)}`;
}

function clean(query?: Query) {
  return query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')) : undefined;
}

/**
 * Through the shared client: the session's bearer middleware signs the call and failures become ApiError
 * (`{ code, message, fields }`). Typed with the `@vitrina/contracts` shapes.
 */
export function getJson<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return unwrap(api.GET(path as never, { params: { query: clean(query) }, signal } as never)) as Promise<T>;
}

export function sendJson<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const init = (body === undefined ? {} : { body }) as never;
  const call = api[method] as unknown as (path: string, init: never) => Promise<{ data?: T; error?: unknown; response: Response }>;
  return unwrap(call(path, init));
}
