import { ErrorCodes, type ErrorBody } from '@vitrina/contracts';
import createClient, { defaultPathSerializer } from 'openapi-fetch';
import type { paths } from './schema';

/** Every failed API call surfaces as this: the HTTP status (0 when no answer came) and the spec's error code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string[]>;
  /** The refusal's other keys beside code, message and fields (e.g. a package downgrade's names and charge date). */
  readonly details?: Record<string, unknown>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string[]>, details?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    if (fields) this.fields = fields;
    if (details && Object.keys(details).length > 0) this.details = details;
  }
}

/** Code used when no usable answer came: offline, DNS, gateway down, or a success body that is not JSON. */
export const NETWORK_ERROR_CODE = 'network_error';

function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ErrorBody).code === 'string' &&
    typeof (body as ErrorBody).message === 'string'
  );
}

function codeForStatus(status: number): string {
  if (status === 404) return ErrorCodes.notFound;
  if (status === 401) return ErrorCodes.unauthorized;
  if (status === 403) return ErrorCodes.forbidden;
  if (status === 429) return ErrorCodes.rateLimited;
  if (status === 502 || status === 503 || status === 504) return ErrorCodes.serviceUnavailable;
  if (status >= 500) return ErrorCodes.internal;
  return `http_${status}`;
}

/** Maps an error answer to ApiError: the body's `{ code, message }` when it has one, else a code from the status. */
export function toApiError(response: Response, body: unknown): ApiError {
  if (isErrorBody(body)) {
    const { code, message, fields, ...details } = body as ErrorBody & Record<string, unknown>;
    return new ApiError(response.status, code, message, fields, details);
  }
  const text = typeof body === 'string' && body.length > 0 && body.length < 300 ? body : response.statusText;
  return new ApiError(response.status, codeForStatus(response.status), text || `HTTP ${response.status}`);
}

/**
 * Path parameters are percent-encoded, except `:` (legal in a path segment): owner segments stay `{id}:{key}`
 * (spec 2 §7) on the wire, as the services and the gateway's per-user limits read them.
 */
export function pathSerializer(pathname: string, pathParams: Record<string, unknown>): string {
  return defaultPathSerializer(pathname, pathParams).replace(/%3A/gi, ':');
}

/**
 * The typed client for the gateway, from the types generated from the merged OpenAPI (src/api/schema.d.ts, see
 * web/scripts/gen-api.mjs): paths, parameters, bodies and answers are checked by the compiler.
 * Same origin: the gateway serves the app and answers /api.
 * `fetch` is looked up on each call (not captured once) so tests can stub the global.
 */
export const api = createClient<paths>({
  baseUrl: '/',
  fetch: (request) => globalThis.fetch(request),
  pathSerializer,
});

/** `{id}:{key}` owner segment of a path (spec 2 §7): the signed-in user's own resources are `{me}:{me}`. */
export function ownerSegment(id: string, key: string = id): string {
  return `${id}:${key}`;
}

type ClientResult<T> = { data?: T; error?: unknown; response: Response };

/** Awaits an `api.GET/POST/...` call and returns its data, or throws ApiError. */
export async function unwrap<T>(call: Promise<ClientResult<T>>): Promise<T> {
  let result: ClientResult<T>;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error; // a cancelled query
    const message = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, NETWORK_ERROR_CODE, message);
  }
  if (!result.response.ok) throw toApiError(result.response, result.error);
  return result.data as T;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
