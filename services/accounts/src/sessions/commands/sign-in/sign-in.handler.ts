import { Injectable } from '@nestjs/common';
import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { AccountsErrorCodes, LOGIN_LIMITS, PASSWORD_MAX_LENGTH, type Locale } from '@vitrina/contracts';
import { DomainError, TransactionRunner, ValidationError } from '@vitrina/platform';
import type { SignedIn } from '../../../activation/commands/activate-with-pin/activate-with-pin.handler.js';
import { Clock } from '../../../shared/clock.js';
import { rateLimited } from '../../../shared/errors.js';
import type { RequestMeta } from '../../../shared/http.js';
import { COUNTRY_CODE_PATTERN, CountryCodeField, CountryField, DropEmpty, ISO_COUNTRY_PATTERN, PhoneField, Trimmed } from '../../../shared/dto.js';
import { Buckets, RateCounter } from '../../../shared/rate-counter.js';
import { identifierKey, loginIdentifier } from '../../../users/domain/contact.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { PasswordHasher } from '../../password-hasher.js';
import { Sessions } from '../../sessions.js';
import type { AccountsSchema } from '../../../db/db.js';

/** `POST /auth/login`: e-mail or phone (with its country code), and the password. */
export class SignInDto {
  @ApiPropertyOptional({ description: 'E-mail or phone number' }) @Trimmed() @IsOptional() @IsString() @Length(1, 254) username?: string;
  @ApiPropertyOptional() @Trimmed() @IsOptional() @IsString() @Length(1, 254) email?: string;
  @ApiPropertyOptional() @PhoneField() @IsOptional() @Matches(/^\+?\d{6,15}$/, { message: 'invalid number' }) phone?: string;
  @ApiPropertyOptional() @CountryField() @IsOptional() @Matches(ISO_COUNTRY_PATTERN) country?: string;
  @ApiPropertyOptional() @CountryCodeField() @IsOptional() @Matches(COUNTRY_CODE_PATTERN) country_code?: string;
  @ApiProperty() @DropEmpty() @IsString() @Length(1, PASSWORD_MAX_LENGTH) password!: string;
  @ApiPropertyOptional({ enum: ['es', 'en', 'es-AR'] }) @DropEmpty() @IsOptional() @IsIn(['es', 'en', 'es-AR']) locale?: Locale;
}

const HOUR = 3600_000;

function invalidCredentials(): DomainError {
  return new DomainError(AccountsErrorCodes.invalidCredentials, 'The e-mail, phone or password is not correct', 401);
}

/**
 * Sign-in with e-mail or phone and password. Unknown accounts take the same path (a dummy hash is verified), get
 * the same answer and count against the same limits: at most 100 failures an hour per account, and a per-IP cap.
 */
@Injectable()
export class SignInHandler {
  constructor(
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly rate: RateCounter,
    private readonly clock: Clock,
  ) {}

  async execute(dto: SignInDto, meta: RequestMeta): Promise<SignedIn> {
    const id = loginIdentifier({
      ...(dto.email ? { email: dto.email } : dto.phone ? { phone: dto.phone } : dto.username ? { username: dto.username } : {}),
      ...(dto.country ? { country: dto.country } : {}),
      ...(dto.country_code ? { country_code: dto.country_code } : {}),
    });
    if (!id) throw new ValidationError('username: an e-mail or a phone number is required', { username: ['an e-mail or a phone number is required'] });
    const user = await this.users.byIdentifier(id);
    const subject = user ? `u:${user.id}` : identifierKey(id);

    const now = this.clock.now().getTime();
    const account = await this.rate.window(Buckets.loginFailureAccount, subject, HOUR);
    if (account.count >= LOGIN_LIMITS.failuresPerAccountPerHour) {
      throw rateLimited('Too many failed sign-ins for this account; try again later', (account.oldest!.getTime() + HOUR - now) / 1000);
    }
    const ip = await this.rate.window(Buckets.loginFailureIp, meta.ip, HOUR);
    if (ip.count >= LOGIN_LIMITS.failuresPerIpPerHour) {
      throw rateLimited('Too many failed sign-ins from this address; try again later', (ip.oldest!.getTime() + HOUR - now) / 1000);
    }

    const ok = user?.passwordHash ? await this.hasher.verify(user.passwordHash, dto.password) : await this.hasher.verifyDummy(dto.password);
    if (!ok || !user) {
      await this.tx.run(async (tx) => {
        await this.rate.record(tx, Buckets.loginFailureAccount, subject);
        await this.rate.record(tx, Buckets.loginFailureIp, meta.ip);
      });
      throw invalidCredentials();
    }
    // Only someone holding the password learns the account is not active yet.
    if (user.status !== 'active') throw new DomainError(AccountsErrorCodes.userNotActive, 'The account has not been activated yet', 403);
    const locale = dto.locale ?? meta.locale;
    return this.tx.run(async (tx) => {
      const session = await this.sessions.start(tx, user.id, meta);
      return { auth: await this.sessions.authResult(user, session.sessionId), refreshToken: session.refreshToken, locale };
    });
  }
}
