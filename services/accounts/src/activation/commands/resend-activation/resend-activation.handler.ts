import { Inject, Injectable } from '@nestjs/common';
import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length, Matches, MaxLength } from 'class-validator';
import { ErrorCodes, type Locale, type MessageResponse } from '@vitrina/contracts';
import { DomainError, LOGGER, TransactionRunner, ValidationError, type Logger, OptionalNullable } from '@vitrina/platform';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../../../config/accounts-config.js';
import { OneTimeCodes } from '../../../codes/one-time-codes.js';
import type { RequestMeta } from '../../../shared/http.js';
import { COUNTRY_CODE_PATTERN, CountryCodeField, DropEmpty, Trimmed } from '../../../shared/dto.js';
import { loginIdentifier } from '../../../users/domain/contact.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { activationUrlTemplate } from '../../domain/activation-url.js';
import { userAlreadyActive, userDoesNotExist } from '../../account-activation.js';
import type { AccountsSchema } from '../../../db/db.js';

/** spec 2 §7 activation resend: `username`, `activation_url` (protocol, host and /activate/__KEY__). */
export class ResendActivationDto {
  @ApiProperty({ description: 'E-mail (or phone number) of the account' })
  @Trimmed()
  @IsString()
  @Length(1, 254)
  username!: string;

  @ApiPropertyOptional({ description: 'Link with __KEY__; default ACCOUNTS_PUBLIC_URL/activate/__KEY__' })
  @Trimmed()
  @OptionalNullable()
  @IsString()
  @MaxLength(2048)
  activation_url?: string;

  @ApiPropertyOptional() @CountryCodeField() @OptionalNullable() @Matches(COUNTRY_CODE_PATTERN) country_code?: string;
  @ApiPropertyOptional({ enum: ['es', 'en', 'es-AR'] }) @DropEmpty() @OptionalNullable() @IsIn(['es', 'en', 'es-AR']) locale?: Locale;
}

/**
 * spec 2 §2, §8: the activation form's resend button. Sends a new PIN and activation link to the account's e-mail
 * (or phone when the username is a number). Refusals: user_does_not_exist, user_already_active,
 * email_client_failure (nothing to send to), email_server_failure (the message could not be queued).
 */
@Injectable()
export class ResendActivationHandler {
  constructor(
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
  ) {}

  async execute(dto: ResendActivationDto, meta: RequestMeta): Promise<MessageResponse> {
    const id = loginIdentifier({ username: dto.username, ...(dto.country_code ? { country_code: dto.country_code } : {}) });
    if (!id)
      throw new ValidationError('username: must be an e-mail or a phone number', { username: ['must be an e-mail or a phone number'] });
    const activationUrl = activationUrlTemplate(dto.activation_url, this.config.publicUrl, this.config.linkOrigins);
    const user = await this.users.byIdentifier(id);
    if (!user) throw userDoesNotExist();
    if (user.status === 'active') throw userAlreadyActive();
    const channel = id.kind === 'email' ? 'email' : 'phone';
    const destination = channel === 'email' ? user.email : user.phone;
    if (!destination) throw new DomainError(ErrorCodes.emailClientFailure, 'The account has no address to send the activation to', 422);
    await this.codes.assertCanSend({ destination, ip: meta.ip, userId: user.id });
    const locale = dto.locale ?? meta.locale;
    try {
      await this.tx.run(async (tx) => {
        const current = await this.users.byId(user.id, tx, { forUpdate: true });
        if (!current) throw userDoesNotExist();
        if (current.status === 'active') throw userAlreadyActive();
        await this.codes.issue(tx, { user: current, purpose: 'activation', channel, locale, ip: meta.ip, activationUrl });
      });
    } catch (err) {
      if (err instanceof DomainError) throw err;
      this.logger.error({ err, userId: user.id }, 'activation resend could not be queued');
      // The state change and the message to send commit together; when that fails nothing was queued.
      throw new DomainError(ErrorCodes.emailServerFailure, 'The activation message could not be sent now; try again later', 503);
    }
    return { message: locale === 'en' ? 'We sent you a new activation message' : 'Te enviamos un nuevo mensaje de activación' };
  }
}
