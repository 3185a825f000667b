import { ProviderRequestError, ProviderUnavailableError } from '../../domain/payment-provider.js';
import type { PaypalErrorBody, PaypalTokenResponse } from './paypal.wire.js';

/** A 4xx answer of PayPal's, kept whole so the adapter can read the issue (ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED...). */
export class PaypalApiError extends Error {
  /** details[0].issue, else the error name (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND...), else `http_<status>`. */
  readonly issue: string;
  /** PayPal's own words for the issue: details[0].description, else message. */
  readonly description: string;
  readonly debugId: string | null;

  constructor(
    readonly status: number,
    readonly body: PaypalErrorBody,
    what: string,
  ) {
    const issue = body.details?.[0]?.issue ?? body.name ?? body.error ?? `http_${status}`;
    const description = body.details?.[0]?.description ?? body.message ?? body.error_description ?? `HTTP ${status}`;
    super(`PayPal refused ${what}: ${issue}: ${description}${body.debug_id ? ` (debug_id ${body.debug_id})` : ''}`);
    this.name = 'PaypalApiError';
    this.issue = issue;
    this.description = description;
    this.debugId = body.debug_id ?? null;
  }

  /** As the port's error: the provider refused the request itself (not retryable). */
  toRequestError(): ProviderRequestError {
    return new ProviderRequestError(this.message, this.issue);
  }
}

export interface PaypalRequest {
  /** Serialised as JSON. */
  body?: unknown;
  /** Already serialised JSON (the webhook verification embeds the event's bytes as received). */
  rawBody?: string;
  /** PayPal-Request-Id: PayPal answers a repeated id with the stored result instead of acting twice. */
  requestId?: string;
  /** Prefer: return=representation makes orders calls answer the whole order. */
  representation?: boolean;
}

interface CachedToken {
  value: string;
  /** Refresh from this instant on (a little before PayPal's expiry). */
  refreshAt: number;
}

/** How much earlier than PayPal says a token is renewed: a minute, or half its life when it is shorter than two. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * PayPal's REST API over Node's fetch: OAuth2 client-credentials tokens (cached until shortly before they expire,
 * concurrent callers share one token request, a 401 renews once), JSON in and out, and errors sorted into the
 * port's kinds: cannot reach / 5xx / 429 / timeout → ProviderUnavailableError, 4xx → PaypalApiError.
 * The credentials live in private fields: never logged, never in an error message, not shown by util.inspect.
 */
export class PaypalClient {
  readonly #basicAuth: string;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #token: CachedToken | null = null;
  #tokenRequest: Promise<CachedToken> | null = null;

  constructor(options: { clientId: string; clientSecret: string; baseUrl: string; timeoutMs?: number; now?: () => number }) {
    this.#basicAuth = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`, 'utf8').toString('base64')}`;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs ?? 20_000;
    this.#now = options.now ?? Date.now;
  }

  /** Calls the API with a bearer token; a 401 (token revoked or expired early) renews the token and retries once. */
  async request<T>(method: 'GET' | 'POST', path: string, options: PaypalRequest = {}): Promise<T> {
    const token = await this.#accessToken();
    const first = await this.#send(method, path, token.value, options);
    if (first.status !== 401) return this.#read<T>(first, method, path);
    await first.body?.cancel();
    if (this.#token === token) this.#token = null;
    const renewed = await this.#accessToken();
    return this.#read<T>(await this.#send(method, path, renewed.value, options), method, path);
  }

  async #send(method: string, path: string, token: string, options: PaypalRequest): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = options.rawBody ?? JSON.stringify(options.body);
    }
    if (options.requestId) headers['PayPal-Request-Id'] = options.requestId;
    if (options.representation) headers.prefer = 'return=representation';
    return this.#fetch(`${this.#baseUrl}${path}`, { method, headers, body }, `${method} ${path}`);
  }

  async #read<T>(response: Response, method: string, path: string): Promise<T> {
    const what = `${method} ${path}`;
    const text = await this.#text(response, what);
    if (!response.ok) throw this.#failure(response.status, text, what);
    return text ? parseAnswer<T>(text, what) : ({} as T);
  }

  #failure(status: number, text: string, what: string): Error {
    // 408 and 429 are PayPal asking us to come back later; 5xx says nothing is known to have happened.
    if (status >= 500 || status === 408 || status === 429) {
      return new ProviderUnavailableError(`PayPal answered ${status} to ${what}`);
    }
    return new PaypalApiError(status, parseError(text), what);
  }

  async #accessToken(): Promise<CachedToken> {
    const cached = this.#token;
    if (cached && this.#now() < cached.refreshAt) return cached;
    this.#tokenRequest ??= this.#fetchToken().finally(() => {
      this.#tokenRequest = null;
    });
    return this.#tokenRequest;
  }

  async #fetchToken(): Promise<CachedToken> {
    const what = 'POST /v1/oauth2/token';
    const response = await this.#fetch(
      `${this.#baseUrl}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: this.#basicAuth,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      },
      what,
    );
    const text = await this.#text(response, what);
    if (!response.ok) {
      const failure = this.#failure(response.status, text, what);
      // The identity error names the problem (invalid_client); its text never holds the credentials.
      throw failure instanceof PaypalApiError ? failure.toRequestError() : failure;
    }
    const answer = parseAnswer<PaypalTokenResponse>(text, what);
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      throw new ProviderUnavailableError(`PayPal's answer to ${what} holds no access token`);
    }
    const lifeMs = Math.max(0, Number(answer.expires_in) * 1000) || 0;
    const token = {
      value: answer.access_token,
      refreshAt: this.#now() + lifeMs - Math.min(REFRESH_MARGIN_MS, lifeMs / 2),
    };
    this.#token = token;
    return token;
  }

  async #fetch(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.#timeoutMs) });
    } catch (error) {
      throw new ProviderUnavailableError(`PayPal could not be reached (${what}): ${reason(error)}`, { cause: error });
    }
  }

  async #text(response: Response, what: string): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      throw new ProviderUnavailableError(`PayPal's answer to ${what} was cut: ${reason(error)}`, { cause: error });
    }
  }
}

/** A 2xx we cannot read tells us nothing: retryable (the PayPal-Request-Id makes the retry safe). */
function parseAnswer<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ProviderUnavailableError(`PayPal's answer to ${what} is not JSON`, { cause: error });
  }
}

function parseError(text: string): PaypalErrorBody {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

/** Why fetch failed, in a few words ('timed out', 'fetch failed (ECONNREFUSED)'); read by shape, errors may come from another realm. */
function reason(error: unknown): string {
  const e = error as { name?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } } | null;
  if (typeof e !== 'object' || e === null) return String(error);
  if (e.name === 'TimeoutError') return 'timed out';
  const cause = e.cause && typeof e.cause === 'object' ? (e.cause.code ?? e.cause.message) : undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const because = text(cause);
  return `${text(e.message) || text(e.name) || 'failed'}${because ? ` (${because})` : ''}`;
}
