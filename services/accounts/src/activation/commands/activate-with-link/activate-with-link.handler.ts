import { Injectable } from '@nestjs/common';
import { ErrorCodes, type ActivationKeyStatus, type Locale } from '@vitrina/contracts';
import { DomainError, TransactionRunner } from '@vitrina/platform';
import { OneTimeCodes } from '../../../codes/one-time-codes.js';
import { Sessions } from '../../../sessions/sessions.js';
import type { RequestMeta } from '../../../shared/http.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { AccountActivation, userAlreadyActive, userDoesNotExist } from '../../account-activation.js';
import type { SignedIn } from '../activate-with-pin/activate-with-pin.handler.js';
import type { AccountsSchema } from '../../../db/db.js';

const KEY_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

function invalidLink(): DomainError {
  return new DomainError(ErrorCodes.expiredPin, 'The activation link is not valid or has expired; ask for a new one', 400);
}

/**
 * spec 2 §2 `/activate/{key}`: the link sent with the PIN. GET tells whether it still works (nothing changes);
 * POST activates the account and signs the user in.
 */
@Injectable()
export class ActivateWithLinkHandler {
  constructor(
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly sessions: Sessions,
    private readonly activation: AccountActivation,
  ) {}

  async status(key: string): Promise<ActivationKeyStatus> {
    if (!KEY_PATTERN.test(key)) throw invalidLink();
    const row = await this.codes.byLinkKey(key);
    if (!row) throw invalidLink();
    const user = await this.users.byId(row.userId);
    if (!user) throw userDoesNotExist();
    if (user.status === 'active') throw userAlreadyActive();
    if (!this.codes.linkUsable(row)) throw invalidLink();
    return { valid: true, username: row.destination };
  }

  async activate(key: string, meta: RequestMeta): Promise<SignedIn> {
    if (!KEY_PATTERN.test(key)) throw invalidLink();
    return this.tx.run(async (tx) => {
      const row = await this.codes.byLinkKey(key, tx, true);
      if (!row) throw invalidLink();
      const user = await this.users.byId(row.userId, tx, { forUpdate: true });
      if (!user) throw userDoesNotExist();
      if (user.status === 'active') throw userAlreadyActive();
      if (!this.codes.linkUsable(row)) throw invalidLink();
      await this.codes.consume(tx, row);
      const active = await this.activation.activate(tx, user, 'link');
      const session = await this.sessions.start(tx, active.id, meta);
      const locale: Locale = meta.locale;
      return { auth: await this.sessions.authResult(tx, active, session.sessionId), refreshToken: session.refreshToken, locale };
    });
  }
}
