import { ApiError, NETWORK_ERROR_CODE, toApiError } from '@/api/client';
import { sessionStore } from '@/lib/session/session-store';

/**
 * TEMPORARY: the cart-checkout service's routes are not in web/openapi.json yet, so the typed client cannot name
 * them. These calls go through fetch with the session's bearer token and the same `ApiError`s; each endpoint file
 * switches to `api` from '@/api/client' once `npm run api:build` has the routes.
 */
export async function cartRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  {
    body,
    headers = {},
    signal,
    auth = true,
  }: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal | undefined; auth?: boolean } = {},
): Promise<T> {
  if (auth) await sessionStore.ready();
  const token = auth ? sessionStore.accessToken() : null;
  let response: Response;
  try {
    response = await globalThis.fetch(
      new Request(new URL(path, window.location.origin), {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      }),
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_CODE, error instanceof Error ? error.message : String(error));
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: toApiError reads the text.
  }
  if (!response.ok) throw withDetails(toApiError(response, parsed), parsed);
  return parsed as T;
}

const DETAILS = new WeakMap<ApiError, Record<string, unknown>>();

/** Cart refusals carry more than `{ code, message }` (`available`, `max_purchase_amount`, `adjusted`...): kept here. */
function withDetails(error: ApiError, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null) DETAILS.set(error, body as Record<string, unknown>);
  return error;
}

/** The error answer's whole body (empty when there was none). */
export function errorDetails(error: unknown): Record<string, unknown> {
  return error instanceof ApiError ? (DETAILS.get(error) ?? {}) : {};
}

export function shopCartPath(shopSlug: string, rest = ''): string {
  return `/api/cart/shops/${encodeURIComponent(shopSlug)}${rest}`;
}
