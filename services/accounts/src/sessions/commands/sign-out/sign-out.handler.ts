import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { TransactionRunner } from '@vitrina/platform';
import { refreshTokens } from '../../../db/schema.js';
import { sha256 } from '../../../shared/secrets.js';
import { Sessions } from '../../sessions.js';
import type { AccountsSchema } from '../../../db/db.js';

/**
 * `POST /auth/logout`: revokes the session of the refresh cookie (and the one named by the access token, when
 * different), so none of its refresh tokens works again. Always succeeds: signing out twice is fine.
 */
@Injectable()
export class SignOutHandler {
  constructor(
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly sessions: Sessions,
  ) {}

  async execute(refreshToken: string | undefined, accessSessionId: string | undefined): Promise<void> {
    await this.tx.run(async (tx) => {
      if (refreshToken && refreshToken.length <= 200) {
        const [row] = await tx
          .select({ sessionId: refreshTokens.sessionId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
          .limit(1);
        if (row) await this.sessions.revoke(tx, row.sessionId, 'logout');
      }
      if (accessSessionId) await this.sessions.revoke(tx, accessSessionId, 'logout');
    });
  }
}
