import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { AccountsEvents, ErrorCodes, type ActivationResponse, type AuthResult, type Locale, type UserActivated } from '@vitrina/contracts';
import { DomainError, Outbox } from '@vitrina/platform';
import { users } from '../db/schema.js';
import type { AccountsTx, UserRow } from '../db/db.js';
import { Clock } from '../shared/clock.js';

/** Activates a pending account inside the caller's transaction and publishes `accounts.user.activated`. */
@Injectable()
export class AccountActivation {
  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async activate(tx: AccountsTx, user: UserRow, method: UserActivated['method'], newPasswordHash?: string): Promise<UserRow> {
    const now = this.clock.now();
    const [active] = (await tx
      .update(users)
      .set({
        status: 'active',
        activatedAt: now,
        verifiedAt: method === 'skip' ? null : now,
        registrationCodeHash: null,
        updatedAt: now,
        ...(newPasswordHash ? { passwordHash: newPasswordHash } : {}),
      })
      .where(eq(users.id, user.id))
      .returning()) as [UserRow];
    await this.outbox.add(tx, {
      type: AccountsEvents.activated,
      key: user.id,
      data: { userId: user.id, method } satisfies UserActivated,
      actorId: user.id,
    });
    return active;
  }
}

export function userDoesNotExist(): DomainError {
  return new DomainError(ErrorCodes.userDoesNotExist, 'The user does not exist', 404);
}

/** spec 2 §8 user_already_exists: 'The user has already been activated!' (PIN step). */
export function userAlreadyExists(): DomainError {
  return new DomainError(ErrorCodes.userAlreadyExists, 'The user has already been activated!', 409);
}

/** spec 2 §8 user_already_active (activation link and activation resend). */
export function userAlreadyActive(): DomainError {
  return new DomainError(ErrorCodes.userAlreadyActive, 'The user is already active', 409);
}

/** spec 2 §3: the activation answer carries a notification action and an auth action (SET_AUTH). */
export function activationResponse(
  auth: AuthResult,
  locale: Locale,
  kind: 'activated' | 'password_reset' = 'activated',
): ActivationResponse {
  const es = locale !== 'en';
  const message =
    kind === 'activated'
      ? es
        ? '¡Tu cuenta está activa!'
        : 'Your account is active!'
      : es
        ? 'Tu contraseña fue actualizada'
        : 'Your password was updated';
  return {
    notification: { type: 'NOTIFICATION', payload: { level: 'success', message } },
    auth: { type: 'SET_AUTH', payload: auth },
  };
}
