import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { REFRESH_TOKEN_COOKIE_PATH } from '@vitrina/contracts';
import { trustedDevices } from '../db/schema.js';
import type { Executor } from '../db/db.js';
import { Clock } from '../shared/clock.js';
import { serializeCookie } from '../shared/http.js';
import { generateOpaqueToken, sha256 } from '../shared/secrets.js';

/**
 * The device cookie (OWASP "device cookies"): set on every successful sign-in, httpOnly, SameSite=Strict, scoped to
 * `/api/auth` like the refresh cookie, so only sign-in calls carry it. It outlives sessions (sign-out keeps it): it
 * says "this browser signed in to this account before", which earns it its own failure budget.
 */
export const DEVICE_COOKIE = 'device';
export const DEVICE_COOKIE_PATH = REFRESH_TOKEN_COOKIE_PATH;
/** A year, renewed at each sign-in; housekeeping forgets devices unused for longer. */
export const DEVICE_TTL_MS = 365 * 24 * 3600_000;

/** Device tokens are 256 random bits (43 base64url characters); anything else is ignored without a lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

@Injectable()
export class TrustedDevices {
  constructor(private readonly clock: Clock) {}

  /** The device hash when `token` is a device this account signed in from; the lookup runs for unknown accounts too. */
  async knownFor(ex: Executor, token: string | undefined, userId: string | null): Promise<string | null> {
    const tokenHash = sha256(token && TOKEN_SHAPE.test(token) ? token : '');
    const [row] = await ex
      .select({ tokenHash: trustedDevices.tokenHash })
      .from(trustedDevices)
      .where(and(eq(trustedDevices.tokenHash, tokenHash), eq(trustedDevices.userId, userId ?? '')))
      .limit(1);
    return row ? row.tokenHash : null;
  }

  /**
   * Binds the device to the account after a successful sign-in and returns the token its cookie carries: the one
   * presented when the server issued it (to this account or another signed in from this browser), else a new one.
   * A token the server never issued is not adopted, so nobody can plant a value they know.
   */
  async remember(ex: Executor, presented: string | undefined, userId: string): Promise<string> {
    const now = this.clock.now();
    let token = presented && TOKEN_SHAPE.test(presented) ? presented : undefined;
    if (token) {
      const [issued] = await ex
        .select({ u: trustedDevices.userId })
        .from(trustedDevices)
        .where(eq(trustedDevices.tokenHash, sha256(token)))
        .limit(1);
      if (!issued) token = undefined;
    }
    token ??= generateOpaqueToken();
    await ex
      .insert(trustedDevices)
      .values({ tokenHash: sha256(token), userId, createdAt: now, lastUsedAt: now })
      .onConflictDoUpdate({ target: [trustedDevices.tokenHash, trustedDevices.userId], set: { lastUsedAt: now } });
    return token;
  }

  cookie(token: string, secure: boolean): string {
    return serializeCookie(DEVICE_COOKIE, token, {
      path: DEVICE_COOKIE_PATH,
      maxAgeSeconds: DEVICE_TTL_MS / 1000,
      secure,
      sameSite: 'Strict',
    });
  }
}
