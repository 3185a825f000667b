import type { AuthResult } from '@vitrina/contracts';
import type { Middleware } from 'openapi-fetch';
import { api, isApiError } from '@/api/client';
import { refreshSession } from './refresh-session';
import { clearSessionHint, hasSessionHint } from './session-hint';
import type { SessionStatus } from './user-level';

/** `POST /api/auth/refresh`: the httpOnly refresh cookie (scoped to /api/auth) buys a new access token. */
export const REFRESH_PATH = '/api/auth/refresh';
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;
/** Never refresh more often than this, whatever the server says the token lasts. */
const MIN_REFRESH_DELAY_MS = 5_000;
/** Refresh tokens rotate: two tabs refreshing at once with one cookie would look like reuse and revoke the session. */
const REFRESH_LOCK = 'vitrina-session-refresh';
const CHANNEL_NAME = 'vitrina-session';

export interface SessionSnapshot {
  status: SessionStatus;
  auth: AuthResult | null;
}

type RefreshCall = () => Promise<AuthResult>;

function isAuthPath(url: string): boolean {
  return new URL(url, window.location.origin).pathname.startsWith('/api/auth/');
}

/**
 * The signed-in session (docs/architecture.md §3): the access token lives only in memory; on load (when the session
 * hint cookie says there may be a session), and a minute before it expires, the refresh cookie buys a new one. Framework-free so the API client's middleware and
 * React (through useSession) share one instance per tab.
 */
export class SessionStore {
  private snapshot: SessionSnapshot = { status: 'loading', auth: null };
  private expiresAt = 0;
  private readonly listeners = new Set<() => void>();
  private started = false;
  private initial: Promise<unknown> | null = null;
  private inflight: Promise<AuthResult | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private channel: BroadcastChannel | null = null;
  private readonly pendingRetries = new Map<string, Request>();
  private readonly cleanups: Array<() => void> = [];

  constructor(
    private readonly refreshCall: RefreshCall = refreshSession,
    /** Whether a refresh cookie may be there (the readable hint cookie set and cleared with it). */
    private readonly mayHaveSession: () => boolean = hasSessionHint,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SessionSnapshot => this.snapshot;

  /** Idempotent: installs the bearer middleware and asks for a session with the refresh cookie. */
  start(): void {
    if (this.started) return;
    this.started = true;
    api.use(this.middleware);
    this.cleanups.push(() => api.eject(this.middleware));
    if (this.snapshot.auth) {
      // Signed in before anything started the store (an activation page): that answer is the session.
      this.initial = Promise.resolve();
      this.schedule(this.expiresAt - Date.now() - REFRESH_MARGIN_MS);
    } else {
      this.initial = this.refresh();
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible' && this.snapshot.auth && this.expiresAt - Date.now() < REFRESH_MARGIN_MS) {
        void this.refresh();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    this.cleanups.push(() => document.removeEventListener('visibilitychange', onVisible));
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(CHANNEL_NAME);
      // Another tab signed in or out: follow it (its refresh cookie is ours too).
      channel.onmessage = (event: MessageEvent<unknown>) => {
        if (event.data === 'signed-out') this.setAnonymous();
        else if (event.data === 'signed-in' && !this.snapshot.auth) void this.refresh();
      };
      this.channel = channel;
      this.cleanups.push(() => channel.close());
    }
  }

  /** Resolves once the first refresh has answered (immediately when the session was never started). */
  async ready(): Promise<void> {
    if (this.initial) await this.initial.catch(() => undefined);
  }

  accessToken(): string | null {
    return this.snapshot.auth?.access_token ?? null;
  }

  /** A sign-in answer (log-in, PIN or link activation, password reset): keep the token and schedule its refresh. */
  signIn(auth: AuthResult): void {
    this.apply(auth);
    this.channel?.postMessage('signed-in');
  }

  /** Forget the session locally (the server side is revoked by POST /api/auth/logout). */
  signOut(): void {
    clearSessionHint();
    this.setAnonymous();
    this.channel?.postMessage('signed-out');
  }

  /** One refresh at a time per tab, and across tabs when the Web Locks API exists. Null: signed out. */
  refresh(): Promise<AuthResult | null> {
    this.inflight ??= this.runRefresh().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** Tests only: back to a fresh, unstarted store. */
  reset(): void {
    clearTimeout(this.timer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.started = false;
    this.initial = null;
    this.inflight = null;
    this.channel = null;
    this.expiresAt = 0;
    this.pendingRetries.clear();
    this.snapshot = { status: 'loading', auth: null };
  }

  private async runRefresh(): Promise<AuthResult | null> {
    // Never signed in here, or signed out since: no refresh cookie to present, so no call (and no 401 to log).
    if (!this.mayHaveSession()) {
      this.setAnonymous();
      return null;
    }
    try {
      const call = () => this.refreshCall();
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      const auth = locks ? await locks.request(REFRESH_LOCK, call) : await call();
      this.apply(auth);
      return auth;
    } catch (error) {
      // 401 (no cookie, expired, revoked, reused) means signed out. A network failure while signed in keeps
      // the current token until it expires; on first load it means anonymous for now.
      if (isApiError(error) && error.status === 0 && this.snapshot.auth && this.expiresAt > Date.now()) {
        this.schedule(MIN_REFRESH_DELAY_MS * 6);
        return this.snapshot.auth;
      }
      this.setAnonymous();
      return null;
    }
  }

  private apply(auth: AuthResult): void {
    this.expiresAt = Date.now() + auth.expires_in * 1000;
    this.snapshot = { status: 'authenticated', auth };
    this.schedule(auth.expires_in * 1000 - REFRESH_MARGIN_MS);
    this.emit();
  }

  private setAnonymous(): void {
    clearTimeout(this.timer);
    this.expiresAt = 0;
    if (this.snapshot.status === 'anonymous') return;
    this.snapshot = { status: 'anonymous', auth: null };
    this.emit();
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (!this.started) return;
    this.timer = setTimeout(() => void this.refresh(), Math.max(MIN_REFRESH_DELAY_MS, delayMs));
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  /** Sends `Authorization: Bearer` when signed in; a 401 on such a call refreshes once and repeats it. */
  private readonly middleware: Middleware = {
    onRequest: async ({ request, id }) => {
      const authCall = isAuthPath(request.url);
      // Calls made while the page loads wait for the first refresh, so they go out signed in.
      if (!authCall) await this.ready();
      if (new URL(request.url, window.location.origin).pathname === REFRESH_PATH) return undefined;
      if (!authCall && this.snapshot.auth && this.expiresAt - Date.now() < MIN_REFRESH_DELAY_MS) await this.refresh();
      const token = this.accessToken();
      if (!token || request.headers.has('authorization')) return undefined;
      request.headers.set('authorization', `Bearer ${token}`);
      if (!authCall) this.pendingRetries.set(id, request.clone());
      return request;
    },
    onResponse: async ({ response, id }) => {
      const retry = this.pendingRetries.get(id);
      this.pendingRetries.delete(id);
      if (response.status !== 401 || !retry) return undefined;
      const auth = await this.refresh();
      if (!auth) return undefined;
      retry.headers.set('authorization', `Bearer ${auth.access_token}`);
      return globalThis.fetch(retry);
    },
    onError: ({ id }) => {
      this.pendingRetries.delete(id);
      return undefined;
    },
  };
}

/** The tab's session. */
export const sessionStore = new SessionStore();
