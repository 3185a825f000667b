import { Inject, Injectable } from '@nestjs/common';
import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length } from 'class-validator';
import { AccountsErrorCodes, PASSWORD_MAX_LENGTH, type Locale } from '@vitrina/contracts';
import { DB, DomainError, TransactionRunner, ValidationError, OptionalNullable } from '@vitrina/platform';
import type { SignedIn } from '../../../activation/commands/activate-with-pin/activate-with-pin.handler.js';
import { rateLimited } from '../../../shared/errors.js';
import type { RequestMeta } from '../../../shared/http.js';
import { AccountIdentifierDto, DropEmpty } from '../../../shared/dto.js';
import { identifierKey, loginIdentifier } from '../../../users/domain/contact.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { PasswordHasher } from '../../password-hasher.js';
import { Sessions } from '../../sessions.js';
import { SignInThrottles, type SignInClient } from '../../sign-in-throttles.js';
import { TrustedDevices } from '../../trusted-devices.js';
import { clientNetwork } from '../../domain/client-network.js';
import type { AccountsDb, AccountsSchema } from '../../../db/db.js';

/** `POST /auth/login`: e-mail or phone (with its country code), and the password. */
export class SignInDto extends AccountIdentifierDto {
  @ApiProperty() @DropEmpty() @IsString() @Length(1, PASSWORD_MAX_LENGTH) password!: string;
  @ApiPropertyOptional({ enum: ['es', 'en', 'es-AR'] }) @DropEmpty() @OptionalNullable() @IsIn(['es', 'en', 'es-AR']) locale?: Locale;
}

function invalidCredentials(): DomainError {
  return new DomainError(AccountsErrorCodes.invalidCredentials, 'The e-mail, phone or password is not correct', 401);
}

export interface SignInResult extends SignedIn {
  /** The device cookie's token (the presented one when the server issued it, else a new one). */
  deviceToken: string;
}

/**
 * Sign-in with e-mail or phone and password, throttled per (account, client) and per network (rules and sources in
 * domain/sign-in-throttle.ts): an attacker's failures elsewhere never spend the owner's budget, and a device that
 * signed in to the account before keeps its own. Unknown accounts take the same path (the same queries, a dummy
 * hash, the same budgets keyed by the identifier), so answers and timing do not tell whether an account exists.
 */
@Injectable()
export class SignInHandler {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly throttles: SignInThrottles,
    private readonly devices: TrustedDevices,
  ) {}

  /** `deviceToken`: the device cookie of the request, if any. */
  async execute(dto: SignInDto, meta: RequestMeta, deviceToken?: string): Promise<SignInResult> {
    const id = loginIdentifier({
      ...(dto.email ? { email: dto.email } : dto.phone ? { phone: dto.phone } : dto.username ? { username: dto.username } : {}),
      ...(dto.country ? { country: dto.country } : {}),
      ...(dto.country_code ? { country_code: dto.country_code } : {}),
    });
    if (!id)
      throw new ValidationError('username: an e-mail or a phone number is required', {
        username: ['an e-mail or a phone number is required'],
      });
    const user = await this.users.byIdentifier(id);
    const device = await this.devices.knownFor(this.db, deviceToken, user?.id ?? null);
    const network = `n:${clientNetwork(meta.ip)}`;
    const client: SignInClient = {
      accountKey: user ? `u:${user.id}` : identifierKey(id),
      clientKey: device ? `d:${device}` : network,
      networkKey: network,
      knownDevice: device !== null,
    };

    const decision = await this.throttles.claim(client);
    if (!decision.allowed) {
      throw rateLimited(
        decision.scope === 'client'
          ? 'Too many failed sign-ins for this account from here; wait before trying again'
          : 'Too many failed sign-ins from this network; wait a moment, or sign in from a device you used before',
        decision.retryAfterMs / 1000,
      );
    }
    // The failure is already charged: a wrong password (or a crash now) leaves it counted.
    const ok = user?.passwordHash ? await this.hasher.verify(user.passwordHash, dto.password) : await this.hasher.verifyDummy(dto.password);
    if (!ok || !user) throw invalidCredentials();
    if (user.status !== 'active') {
      // Only someone holding the password learns the account is not active yet; the right password is no failure.
      await this.throttles.succeeded(this.db, client, decision.networkCharged);
      throw new DomainError(AccountsErrorCodes.userNotActive, 'The account has not been activated yet', 403);
    }
    const locale = dto.locale ?? meta.locale;
    return this.tx.run(async (tx) => {
      await this.throttles.succeeded(tx, client, decision.networkCharged);
      const deviceTokenOut = await this.devices.remember(tx, deviceToken, user.id);
      const session = await this.sessions.start(tx, user.id, meta);
      return {
        auth: await this.sessions.authResult(tx, user, session.sessionId),
        refreshToken: session.refreshToken,
        locale,
        deviceToken: deviceTokenOut,
      };
    });
  }
}
