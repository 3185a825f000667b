/** Header carrying the shared service secret (internalServiceSecret). */
export const SERVICE_SECRET_HEADER = 'x-vitrina-service-secret';

/**
 * A service-to-service JSON POST (`/internal/...`, with the shared secret): the one shape every typed internal client
 * uses. Network errors, timeouts, 5xx and non-JSON answers become `unavailable(...)`; 4xx become `refused(status,
 * code, message)` with the `{ code, message }` the callee sent.
 */
export function internalJsonPost(
  options: { baseUrl: string; secret: string; fetch?: typeof fetch; timeoutMs: number },
  unavailable: (message: string, cause?: unknown) => Error,
  refused: (status: number, code: string, message: string) => Error,
): (path: string, body: unknown) => Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  return async (path, body) => {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SERVICE_SECRET_HEADER]: options.secret },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw unavailable(err instanceof Error ? err.message : String(err), err);
    }
    if (res.status >= 500) throw unavailable(`answered ${res.status}`);
    let parsed: Record<string, unknown> = {};
    try {
      if (text) parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      if (res.ok) throw unavailable('answered something that is not JSON');
    }
    if (res.status >= 400) {
      const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
      throw refused(res.status, str(parsed.code, 'error'), str(parsed.message, `HTTP ${res.status}`));
    }
    return parsed;
  };
}
