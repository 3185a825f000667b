import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { AccountsErrorCodes, type AuthResult } from '@vitrina/contracts';
import { DomainError, TransactionRunner } from '@vitrina/platform';
import { refreshTokens, sessions } from '../../../db/schema.js';
import { Clock } from '../../../shared/clock.js';
import { sha256 } from '../../../shared/secrets.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { Sessions } from '../../sessions.js';
import type { AccountsSchema } from '../../../db/db.js';

export interface Refreshed {
  auth: AuthResult;
  refreshToken: string;
}

function invalid(): DomainError {
  return new DomainError(AccountsErrorCodes.invalidRefreshToken, 'The session has ended; sign in again', 401);
}

type Outcome = { kind: 'ok'; refreshed: Refreshed } | { kind: 'invalid' } | { kind: 'reused' };

/**
 * `POST /auth/refresh`: rotates the refresh token (the old one is marked rotated, a new one joins the session) and
 * issues a fresh access token with the current level and keychain. A rotated token presented again means it was
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
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(token))).limit(1).for('update');
      if (!row) return { kind: 'invalid' };
      const [session] = await tx.select().from(sessions).where(eq(sessions.id, row.sessionId)).limit(1).for('update');
      if (!session || session.revokedAt) return { kind: 'invalid' };
      if (row.rotatedAt) {
        await this.sessions.revoke(tx, session.id, 'reuse');
        return { kind: 'reused' };
      }
      const now = this.clock.now();
      if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' };
      const user = await this.users.byId(session.userId, tx);
      if (!user || user.status !== 'active') return { kind: 'invalid' };
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
      const refreshToken = await this.sessions.addToken(tx, session.id);
      return { kind: 'ok', refreshed: { auth: await this.sessions.authResult(user, session.id), refreshToken } };
    });
    if (outcome.kind === 'reused') {
      throw new DomainError(AccountsErrorCodes.refreshTokenReused, 'This session was ended for safety because its token was used twice; sign in again', 401);
    }
    if (outcome.kind === 'invalid') throw invalid();
    return outcome.refreshed;
  }
}
