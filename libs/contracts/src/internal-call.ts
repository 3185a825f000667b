/** Header carrying the shared service secret (internalServiceSecret). */
export const SERVICE_SECRET_HEADER = 'x-vitrina-service-secret';

/**
 * How an internal call reaches the other service: POST `body` to `url` with `headers`, giving up after `timeoutMs`;
 * answers the status and the body's text, and rejects on a network error or the timeout. The default goes through
 * the global fetch (this package is bundled by the web too, so it cannot import node:http); a Node service passes
 * libs/platform's `nodeHttpPost()`, a keep-alive http.Agent with a fraction of fetch's CPU per call.
 */
export type InternalPost = (
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
) => Promise<{ status: number; text: string }>;

/** The default transport: the given fetch (tests pass stubs), else the global one. */
export function fetchPost(doFetch: typeof fetch = fetch): InternalPost {
  return async (url, headers, body, timeoutMs) => {
    const res = await doFetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, text: await res.text() };
  };
}

/**
 * A service-to-service JSON POST (`/internal/...`, with the shared secret): the one shape every typed internal client
 * uses. Network errors, timeouts, 5xx and non-JSON answers become `unavailable(...)`; 4xx become `refused(status,
 * code, message)` with the `{ code, message }` the callee sent.
 */
export function internalJsonPost(
  options: { baseUrl: string; secret: string; fetch?: typeof fetch; post?: InternalPost; timeoutMs: number },
  unavailable: (message: string, cause?: unknown) => Error,
  refused: (status: number, code: string, message: string) => Error,
): (path: string, body: unknown) => Promise<unknown> {
  const post = options.post ?? fetchPost(options.fetch);
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = { 'content-type': 'application/json', [SERVICE_SECRET_HEADER]: options.secret };
  return async (path, body) => {
    let res: { status: number; text: string };
    try {
      res = await post(`${base}${path}`, headers, JSON.stringify(body), options.timeoutMs);
    } catch (err) {
      throw unavailable(err instanceof Error ? err.message : String(err), err);
    }
    const { text } = res;
    const ok = res.status >= 200 && res.status < 300;
    if (res.status >= 500) throw unavailable(`answered ${res.status}`);
    let parsed: Record<string, unknown> = {};
    try {
      if (text) parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      if (ok) throw unavailable('answered something that is not JSON');
    }
    if (res.status >= 400) {
      const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
      throw refused(res.status, str(parsed.code, 'error'), str(parsed.message, `HTTP ${res.status}`));
    }
    return parsed;
  };
}
