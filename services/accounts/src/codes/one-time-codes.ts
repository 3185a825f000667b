import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  ACTIVATION_KEY_PLACEHOLDER,
  ACTIVATION_LINK_TTL_HOURS,
  AccountsErrorCodes,
  AccountsEvents,
  CODE_SEND_LIMITS,
  ErrorCodes,
  type Channel,
  type Locale,
  type UserPinIssued,
} from '@vitrina/contracts';
import { DB, DomainError, Outbox, newId } from '@vitrina/platform';
import { oneTimeCodes } from '../db/schema.js';
import type { AccountsDb, AccountsTx, Executor, OneTimeCodeRow, UserRow } from '../db/db.js';
import { Clock } from '../shared/clock.js';
import { RetryLaterError, rateLimited } from '../shared/errors.js';
import { Buckets, RateCounter } from '../shared/rate-counter.js';
import { CodeHasher, generateOpaqueToken, generatePin, sha256 } from '../shared/secrets.js';
import { FAILURE_WINDOW_MS, codeExpiry, codeLockedUntil, exhaustsCode, isExpired } from './domain/code-rules.js';

export type CodePurpose = 'activation' | 'password_reset';

export interface IssueCode {
  user: UserRow;
  purpose: CodePurpose;
  channel: Channel;
  locale: Locale;
  ip: string;
  /** Activation only: the link template with `__KEY__`. */
  activationUrl?: string;
}

export interface IssuedCode {
  codeId: string;
  expiresAt: Date;
  destination: string;
  /** Password reset: the opaque request code handed to the requester. */
  requestCode?: string;
}

/** What checking a code found. Failures are recorded in the transaction, which must commit before refusing. */
export type CodeCheck = { ok: true } | { ok: false; reason: 'invalid' | 'expired' };

const HOUR = 3600_000;

/**
 * One-time codes: issuing (limits, keyed hash, `accounts.user.pin-issued` through the outbox) and checking
 * (expiry, 5 tries per code, the account's failure count and lock). Shared by registration, activation and
 * password reset.
 */
@Injectable()
export class OneTimeCodes {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly rate: RateCounter,
    private readonly clock: Clock,
    private readonly hasher: CodeHasher,
    private readonly outbox: Outbox,
  ) {}

  /** Issue 3: resends are limited per destination, per IP and per day (per account). Refuses with 429. */
  async assertCanSend(input: { destination: string; ip: string; userId?: string }, ex: Executor = this.db): Promise<void> {
    const now = this.clock.now().getTime();
    const dest = await this.rate.window(Buckets.codeSendDestination, input.destination, HOUR, ex);
    const cooldownMs = CODE_SEND_LIMITS.destinationCooldownSeconds * 1000;
    if (dest.newest && now - dest.newest.getTime() < cooldownMs) {
      throw rateLimited(
        'A code was sent to this destination a moment ago; wait before asking for another',
        (dest.newest.getTime() + cooldownMs - now) / 1000,
      );
    }
    if (dest.count >= CODE_SEND_LIMITS.perDestinationPerHour) {
      throw rateLimited('Too many codes were sent to this destination; try again later', (dest.oldest!.getTime() + HOUR - now) / 1000);
    }
    const ip = await this.rate.window(Buckets.codeSendIp, input.ip, HOUR, ex);
    if (ip.count >= CODE_SEND_LIMITS.perIpPerHour) {
      throw rateLimited('Too many codes were requested from this address; try again later', (ip.oldest!.getTime() + HOUR - now) / 1000);
    }
    if (input.userId) {
      const day = await this.rate.window(Buckets.codeSendAccount, input.userId, 24 * HOUR, ex);
      if (day.count >= CODE_SEND_LIMITS.perAccountPerDay) {
        throw rateLimited(
          'Too many codes were sent for this account today; try again tomorrow',
          (day.oldest!.getTime() + 24 * HOUR - now) / 1000,
        );
      }
    }
  }

  /**
   * Invalidates the user's live codes of this purpose, stores a new one (keyed hash only) and publishes it to
   * messaging in the same transaction. Switching channel is just issuing with the other channel.
   */
  async issue(tx: AccountsTx, input: IssueCode): Promise<IssuedCode> {
    const now = this.clock.now();
    const destination = input.channel === 'email' ? input.user.email : input.user.phone;
    if (!destination) {
      throw new DomainError(
        ErrorCodes.emailClientFailure,
        `The account has no ${input.channel === 'email' ? 'e-mail address' : 'phone number'} to send the code to`,
        422,
      );
    }
    await tx
      .update(oneTimeCodes)
      .set({ invalidatedAt: now })
      .where(
        and(
          eq(oneTimeCodes.userId, input.user.id),
          eq(oneTimeCodes.purpose, input.purpose),
          isNull(oneTimeCodes.consumedAt),
          isNull(oneTimeCodes.invalidatedAt),
        ),
      );
    const codeId = newId();
    const code = generatePin();
    const expiresAt = codeExpiry(now);
    const linkKey = input.purpose === 'activation' ? generateOpaqueToken() : undefined;
    const requestCode = input.purpose === 'password_reset' ? generateOpaqueToken(18) : undefined;
    await tx.insert(oneTimeCodes).values({
      id: codeId,
      userId: input.user.id,
      purpose: input.purpose,
      channel: input.channel,
      destination,
      codeHash: this.hasher.code(codeId, code),
      expiresAt,
      ...(linkKey
        ? { linkKeyHash: this.hasher.linkKeyHash(linkKey), linkExpiresAt: new Date(now.getTime() + ACTIVATION_LINK_TTL_HOURS * HOUR) }
        : {}),
      ...(requestCode ? { requestCodeHash: sha256(requestCode) } : {}),
      createdAt: now,
    });
    await this.rate.record(tx, Buckets.codeSendDestination, destination);
    await this.rate.record(tx, Buckets.codeSendIp, input.ip);
    await this.rate.record(tx, Buckets.codeSendAccount, input.user.id);
    const data: UserPinIssued = {
      userId: input.user.id,
      purpose: input.purpose,
      channel: input.channel,
      destination,
      code,
      ...(linkKey && input.activationUrl ? { activationUrl: input.activationUrl.split(ACTIVATION_KEY_PLACEHOLDER).join(linkKey) } : {}),
      expiresAt: expiresAt.toISOString(),
      locale: input.locale,
      fullName: input.user.fullName,
    };
    await this.outbox.add(tx, { type: AccountsEvents.pinIssued, key: input.user.id, data, actorId: input.user.id });
    return { codeId, expiresAt, destination, ...(requestCode ? { requestCode } : {}) };
  }

  /** Issue 3: 20 wrong codes in 24 h lock the account's code step, with a growing wait (429 pin_locked). */
  async assertNotLocked(userId: string, ex: Executor = this.db): Promise<void> {
    const failures = await this.rate.window(Buckets.codeFailure, userId, FAILURE_WINDOW_MS, ex);
    const until = codeLockedUntil(failures, this.clock.now());
    if (until) {
      throw new RetryLaterError(
        AccountsErrorCodes.pinLocked,
        'Too many wrong codes for this account; wait before trying again',
        (until.getTime() - this.clock.now().getTime()) / 1000,
      );
    }
  }

  /** The newest live code of the user for this purpose, locked for the checking transaction. */
  async liveCode(tx: AccountsTx, userId: string, purpose: CodePurpose): Promise<OneTimeCodeRow | undefined> {
    const [row] = await tx
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.consumedAt),
          isNull(oneTimeCodes.invalidatedAt),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1)
      .for('update');
    return row;
  }

  /**
   * Checks `code` against a live row (locked by the caller). A wrong code counts against the code (5 tries,
   * then invalidated) and against the account (never reset by a resend). A right code is consumed.
   */
  async check(tx: AccountsTx, row: OneTimeCodeRow | undefined, code: string): Promise<CodeCheck> {
    const now = this.clock.now();
    if (!row || isExpired(row.expiresAt, now)) return { ok: false, reason: 'expired' };
    if (!this.hasher.matches(row.id, code, row.codeHash)) {
      const attempts = row.attempts + 1;
      await tx
        .update(oneTimeCodes)
        .set({ attempts, ...(exhaustsCode(attempts) ? { invalidatedAt: now } : {}) })
        .where(eq(oneTimeCodes.id, row.id));
      await this.rate.record(tx, Buckets.codeFailure, row.userId);
      return { ok: false, reason: 'invalid' };
    }
    await tx.update(oneTimeCodes).set({ consumedAt: now }).where(eq(oneTimeCodes.id, row.id));
    return { ok: true };
  }

  /** The code row behind a password-reset request code. */
  async byRequestCode(tx: AccountsTx, requestCode: string): Promise<OneTimeCodeRow | undefined> {
    const [row] = await tx
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.requestCodeHash, sha256(requestCode)))
      .limit(1)
      .for('update');
    return row;
  }

  /** The activation code row behind a link key (any state; the caller decides). */
  async byLinkKey(key: string, ex: Executor = this.db, forUpdate = false): Promise<OneTimeCodeRow | undefined> {
    const q = ex
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.linkKeyHash, this.hasher.linkKeyHash(key)))
      .limit(1);
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  }

  /** An activation link is usable while its code row is neither consumed nor replaced, within the link's own expiry. */
  linkUsable(row: OneTimeCodeRow | undefined): row is OneTimeCodeRow {
    return !!row && !row.consumedAt && !row.invalidatedAt && !!row.linkExpiresAt && !isExpired(row.linkExpiresAt, this.clock.now());
  }

  async consume(tx: AccountsTx, row: OneTimeCodeRow): Promise<void> {
    await tx.update(oneTimeCodes).set({ consumedAt: this.clock.now() }).where(eq(oneTimeCodes.id, row.id));
  }
}

/** The answer for a failed check (after the transaction that recorded the failure committed). */
export function codeCheckError(check: Exclude<CodeCheck, { ok: true }>): DomainError {
  return check.reason === 'expired'
    ? new DomainError(ErrorCodes.expiredPin, 'The PIN has expired or is no longer valid; ask for a new one', 400)
    : new DomainError(ErrorCodes.invalidPin, 'The PIN is not correct', 400);
}
