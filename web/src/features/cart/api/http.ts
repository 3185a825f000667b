import { ApiError, toApiError, unwrap } from '@/api/client';

type ClientResult<T> = { data?: T; error?: unknown; response: Response };

const DETAILS = new WeakMap<ApiError, Record<string, unknown>>();

/**
 * `unwrap` for the cart's calls: their refusals carry more than `{ code, message }` (`available`,
 * `max_purchase_amount`, `adjusted`, `unavailable`), kept beside the ApiError for `errorDetails`.
 */
export async function unwrapCart<T>(call: Promise<ClientResult<T>>): Promise<T> {
  let result: ClientResult<T>;
  try {
    result = await call;
  } catch (error) {
    return unwrap<T>(Promise.reject(error instanceof Error ? error : new Error(String(error)))); // network: ApiError(0)
  }
  if (!result.response.ok) {
    const error = toApiError(result.response, result.error);
    if (typeof result.error === 'object' && result.error !== null) DETAILS.set(error, result.error as Record<string, unknown>);
    throw error;
  }
  return result.data as T;
}

/** The error answer's whole body (empty when there was none). */
export function errorDetails(error: unknown): Record<string, unknown> {
  return error instanceof ApiError ? (DETAILS.get(error) ?? {}) : {};
}
