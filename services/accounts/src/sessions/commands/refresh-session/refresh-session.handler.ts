import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { AccountsErrorCodes, type AuthResult } from '@vitrina/contracts';
import { DomainError, TransactionRunner } from '@vitrina/platform';
import { refreshTokens, sessions } from '../../../db/schema.js';
import { Clock } from '../../../shared/clock.js';
import { openWithToken, sealWithToken, sha256 } from '../../../shared/secrets.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { REFRESH_REUSE_GRACE_MS, Sessions } from '../../sessions.js';
import { rotatedTokenOutcome } from '../../domain/refresh-reuse.js';
import type { AccountsSchema, AccountsTx } from '../../../db/db.js';

export interface Refreshed {
  auth: AuthResult;
  refreshToken: string;
}

function invalid(): DomainError {
  return new DomainError(AccountsErrorCodes.invalidRefreshToken, 'The session has ended; sign in again', 401);
}

type Outcome = { kind: 'ok'; refreshed: Refreshed } | { kind: 'invalid' } | { kind: 'reused' };
type TokenRow = typeof refreshTokens.$inferSelect;

/** What a rotation answered, kept sealed under the rotated token for the grace window. */
interface SealedRotation {
  refreshToken: string;
  auth: AuthResult;
  /** ms since epoch, to hand out the access token's remaining lifetime on a replay. */
  issuedAt: number;
}

/**
 * `POST /auth/refresh`: rotates the refresh token (the old one is marked rotated, a new one joins the session) and
 * issues a fresh access token with the current level and keychain. A rotated token presented again within
 * REFRESH_REUSE_GRACE_MS (a second tab that raced the first) gets that same new pair; later, it means the token was
 * copied: the whole session (family) is revoked and that revocation commits before the refusal.
 */
@Injectable()
export class RefreshSessionHandler {
  constructor(
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly sessions: Sessions,
    private readonly clock: Clock,
  ) {}

  async execute(token: string | undefined): Promise<Refreshed> {
    if (!token || token.length > 200) throw invalid();
    const outcome = await this.tx.run(async (tx): Promise<Outcome> => {
      // Row locks serialise two refreshes with one token: the second sees the first's rotation.
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(token)))
        .limit(1)
        .for('update');
      if (!row) return { kind: 'invalid' };
      const [session] = await tx.select().from(sessions).where(eq(sessions.id, row.sessionId)).limit(1).for('update');
      if (!session || session.revokedAt) return { kind: 'invalid' };
      const now = this.clock.now();
      if (row.rotatedAt) {
        const replay = await this.replay(tx, token, row, now);
        if (replay) return { kind: 'ok', refreshed: replay };
        await this.sessions.revoke(tx, session.id, 'reuse');
        return { kind: 'reused' };
      }
      if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' };
      const user = await this.users.byId(session.userId, tx);
      if (!user || user.status !== 'active') return { kind: 'invalid' };
      const next = await this.sessions.insertToken(tx, session.id);
      const auth = await this.sessions.authResult(tx, user, session.id);
      const sealed: SealedRotation = { refreshToken: next.token, auth, issuedAt: now.getTime() };
      await tx
        .update(refreshTokens)
        .set({ rotatedAt: now, replacedBy: next.id, successorSealed: sealWithToken(token, row.id, JSON.stringify(sealed)) })
        .where(eq(refreshTokens.id, row.id));
      return { kind: 'ok', refreshed: { auth, refreshToken: next.token } };
    });
    if (outcome.kind === 'reused') {
      throw new DomainError(
        AccountsErrorCodes.refreshTokenReused,
        'This session was ended for safety because its token was used twice; sign in again',
        401,
      );
    }
    if (outcome.kind === 'invalid') throw invalid();
    return outcome.refreshed;
  }

  /** The rotation's own answer again, when `row` was rotated moments ago and its successor is still the newest. */
  private async replay(tx: AccountsTx, token: string, row: TokenRow, now: Date): Promise<Refreshed | undefined> {
    if (!row.rotatedAt || !row.replacedBy || !row.successorSealed) return undefined;
    const [successor] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, row.replacedBy)).limit(1).for('update');
    const successorIsNewest = !!successor && !successor.rotatedAt && successor.expiresAt.getTime() > now.getTime();
    if (rotatedTokenOutcome({ rotatedAt: row.rotatedAt, now, graceMs: REFRESH_REUSE_GRACE_MS, successorIsNewest }) !== 'replay')
      return undefined;
    const opened = openWithToken(token, row.id, row.successorSealed);
    if (!opened) return undefined;
    const sealed = JSON.parse(opened) as SealedRotation;
    const elapsedSeconds = Math.floor(Math.max(0, now.getTime() - sealed.issuedAt) / 1000);
    return {
      refreshToken: sealed.refreshToken,
      auth: { ...sealed.auth, expires_in: Math.max(1, sealed.auth.expires_in - elapsedSeconds) },
    };
  }
}
