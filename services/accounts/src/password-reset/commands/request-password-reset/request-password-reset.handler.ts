import { Injectable } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { Channel, Locale, PasswordResetRequested } from '@vitrina/contracts';
import { TransactionRunner, ValidationError, OptionalNullable } from '@vitrina/platform';
import { OneTimeCodes } from '../../../codes/one-time-codes.js';
import type { RequestMeta } from '../../../shared/http.js';
import { AccountIdentifierDto, DropEmpty } from '../../../shared/dto.js';
import { Buckets, RateCounter } from '../../../shared/rate-counter.js';
import { generateOpaqueToken } from '../../../shared/secrets.js';
import { identifierKey, loginIdentifier } from '../../../users/domain/contact.js';
import { UsersRepository } from '../../../users/users.repository.js';
import type { AccountsSchema } from '../../../db/db.js';

/** `POST /auth/password/reset`: the account (e-mail or phone) and the channel of the code. */
export class RequestPasswordResetDto extends AccountIdentifierDto {
  @ApiPropertyOptional({ enum: ['email', 'phone'] }) @DropEmpty() @OptionalNullable() @IsIn(['email', 'phone']) type?: Channel;
  @ApiPropertyOptional({ enum: ['es', 'en', 'es-AR'] }) @DropEmpty() @OptionalNullable() @IsIn(['es', 'en', 'es-AR']) locale?: Locale;
}

/**
 * Password reset, step 1: a 6-digit code by e-mail or SMS (same rules as the PIN). The answer is the same whether
 * or not the account exists: a request `code` for step 2 and a message; unknown accounts get a code that never works.
 */
@Injectable()
export class RequestPasswordResetHandler {
  constructor(
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly rate: RateCounter,
  ) {}

  async execute(dto: RequestPasswordResetDto, meta: RequestMeta): Promise<PasswordResetRequested> {
    const id = loginIdentifier({
      ...(dto.email ? { email: dto.email } : dto.phone ? { phone: dto.phone } : dto.username ? { username: dto.username } : {}),
      ...(dto.country ? { country: dto.country } : {}),
      ...(dto.country_code ? { country_code: dto.country_code } : {}),
    });
    if (!id)
      throw new ValidationError('username: must be an e-mail or a phone number', { username: ['must be an e-mail or a phone number'] });
    const channel: Channel = dto.type ?? (id.kind === 'email' ? 'email' : 'phone');
    const locale = dto.locale ?? meta.locale;
    const found = await this.users.byIdentifier(id);
    const user = found?.status === 'active' && (channel === 'email' ? found.email : found.phone) ? found : undefined;
    const destination = user ? (channel === 'email' ? user.email! : user.phone!) : identifierKey(id);
    await this.codes.assertCanSend({ destination, ip: meta.ip, ...(user ? { userId: user.id } : {}) });

    let code: string;
    if (user) {
      code = (await this.tx.run((tx) => this.codes.issue(tx, { user, purpose: 'password_reset', channel, locale, ip: meta.ip })))
        .requestCode!;
    } else {
      // Same limits, same answer: nothing tells an unknown account from a known one.
      await this.tx.run(async (tx) => {
        await this.rate.record(tx, Buckets.codeSendDestination, destination);
        await this.rate.record(tx, Buckets.codeSendIp, meta.ip);
      });
      code = generateOpaqueToken(18);
    }
    const es = locale !== 'en';
    return {
      code,
      type: channel,
      message: es
        ? 'Si la cuenta existe, te enviamos un código para restablecer tu contraseña'
        : 'If the account exists, we sent you a code to reset your password',
    };
  }
}
