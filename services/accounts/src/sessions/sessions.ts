import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import {
  ACCESS_TOKEN_COOKIE_NAME,
  ACCESS_TOKEN_COOKIE_PATH,
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE_PATH,
  REFRESH_TOKEN_TTL_DAYS,
  SESSION_HINT_COOKIE,
  SESSION_HINT_COOKIE_PATH,
  CollaboratorLimits,
  accountTypeOf,
  type AuthResult,
  type CollaboratorRole,
} from '@vitrina/contracts';
import { RUNTIME, TokenSigner, newId, type Runtime } from '@vitrina/platform';
import { collaborators, refreshTokens, sessions } from '../db/schema.js';
import type { AccountsTx, UserRow } from '../db/db.js';
import { levelOf } from '../users/domain/profile.js';
import { Clock } from '../shared/clock.js';
import { serializeCookie } from '../shared/http.js';
import { generateOpaqueToken, sha256 } from '../shared/secrets.js';
import type { RequestMeta } from '../shared/http.js';

export const REFRESH_TOKEN_TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 3600_000;

/**
 * Two tabs of one browser share the refresh cookie and may both refresh at once: the second presents the token the
 * first has just rotated. Within this window it gets the same new pair instead of having its session revoked;
 * after it, a rotated token presented again is reuse and revokes the family.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export interface StartedSession {
  sessionId: string;
  refreshToken: string;
}

/**
 * Sign-in sessions (docs/architecture.md §3): a session is the family of rotating refresh tokens; access tokens are
 * short-lived JWTs signed with the accounts private key, carrying user id, level, keychain and the session id.
 */
@Injectable()
export class Sessions {
  private readonly signer: TokenSigner;

  constructor(
    @Inject(RUNTIME) runtime: Runtime,
    private readonly clock: Clock,
  ) {
    this.signer = TokenSigner.fromKeys(runtime.keys, { issuer: runtime.config.AUTH_ISSUER, audience: runtime.config.AUTH_AUDIENCE });
  }

  /** A new session with its first refresh token; inside the transaction that signs the user in. */
  async start(tx: AccountsTx, userId: string, meta: Pick<RequestMeta, 'ip' | 'userAgent'>): Promise<StartedSession> {
    const sessionId = newId();
    await tx
      .insert(sessions)
      .values({ id: sessionId, userId, createdAt: this.clock.now(), ip: meta.ip, userAgent: meta.userAgent ?? null });
    return { sessionId, refreshToken: await this.addToken(tx, sessionId) };
  }

  async addToken(tx: AccountsTx, sessionId: string): Promise<string> {
    return (await this.insertToken(tx, sessionId)).token;
  }

  /** A new refresh token of the session: its row id and the token (only its SHA-256 is stored). */
  async insertToken(tx: AccountsTx, sessionId: string): Promise<{ id: string; token: string }> {
    const token = generateOpaqueToken();
    const id = newId();
    const now = this.clock.now();
    await tx.insert(refreshTokens).values({
      id,
      sessionId,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return { id, token };
  }

  async revoke(tx: AccountsTx, sessionId: string, reason: 'logout' | 'reuse' | 'password_reset'): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now(), revokeReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllOf(tx: AccountsTx, userId: string, reason: 'password_reset'): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: this.clock.now(), revokeReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** spec 2 §3 auth result (meID, keychain, myKeychain) with the access token. */
  async authResult(tx: AccountsTx, user: UserRow, sessionId: string): Promise<AuthResult> {
    const level = levelOf(user);
    const collaborations = await this.collaborationsOf(tx, user.id);
    const accessToken = await this.signer.sign(
      { id: user.id, level, keychain: user.keychain, sessionId, collaborations },
      ACCESS_TOKEN_TTL_SECONDS,
    );
    return {
      meID: user.id,
      keychain: [...user.keychain],
      myKeychain: [...user.keychain],
      level,
      account_type: accountTypeOf(user.keychain),
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      ...(Object.keys(collaborations).length > 0 ? { collaborations } : {}),
    };
  }

  /**
   * The access token's `col` claim (issue 16): the shops the user collaborates in, by their owner, with the role. Read
   * at every sign-in and refresh, so a role change or a removal reaches the services with the next access token
   * (15 min at most). Read in the caller's transaction: embedded mode's PGlite has one connection, which that
   * transaction holds.
   */
  private async collaborationsOf(tx: AccountsTx, userId: string): Promise<Record<string, CollaboratorRole>> {
    const rows = await tx
      .select({ ownerId: collaborators.ownerId, role: collaborators.role })
      .from(collaborators)
      .where(eq(collaborators.userId, userId))
      .orderBy(collaborators.createdAt)
      .limit(CollaboratorLimits.claimMax);
    return Object.fromEntries(rows.map((r) => [r.ownerId, r.role]));
  }

  /**
   * The refresh token only ever travels in an httpOnly, SameSite=Lax cookie scoped to /api/auth (Secure over
   * https); the access token also goes in an httpOnly cookie for the browser, and in the body for other clients.
   */
  cookies(auth: AuthResult, refreshToken: string, secure: boolean): string[] {
    return [
      serializeCookie(REFRESH_TOKEN_COOKIE, refreshToken, {
        path: REFRESH_TOKEN_COOKIE_PATH,
        maxAgeSeconds: REFRESH_TOKEN_TTL_MS / 1000,
        secure,
      }),
      // The cookie leaves the browser a minute before the token expires: a browser clock running behind must not keep
      // sending an expired token (the guard refuses a bad token on every route, /auth/refresh included).
      serializeCookie(ACCESS_TOKEN_COOKIE_NAME, auth.access_token, {
        path: ACCESS_TOKEN_COOKIE_PATH,
        maxAgeSeconds: Math.max(1, auth.expires_in - 60),
        secure,
      }),
      // Lives exactly as long as the refresh cookie: the web tries a refresh only when it is there.
      serializeCookie(SESSION_HINT_COOKIE, '1', {
        path: SESSION_HINT_COOKIE_PATH,
        maxAgeSeconds: REFRESH_TOKEN_TTL_MS / 1000,
        secure,
        httpOnly: false,
      }),
    ];
  }

  clearCookies(secure: boolean): string[] {
    return [
      serializeCookie(REFRESH_TOKEN_COOKIE, '', { path: REFRESH_TOKEN_COOKIE_PATH, maxAgeSeconds: 0, secure }),
      serializeCookie(ACCESS_TOKEN_COOKIE_NAME, '', { path: ACCESS_TOKEN_COOKIE_PATH, maxAgeSeconds: 0, secure }),
      serializeCookie(SESSION_HINT_COOKIE, '', { path: SESSION_HINT_COOKIE_PATH, maxAgeSeconds: 0, secure, httpOnly: false }),
    ];
  }
}
