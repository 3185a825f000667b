import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { AccountsErrorCodes, ErrorCodes, type Channel, type RegistrationResponse } from '@vitrina/contracts';
import { DomainError, TransactionRunner, ValidationError, databaseError, SqlState } from '@vitrina/platform';
import { users } from '../../../db/schema.js';
import { type UserRow, type AccountsSchema } from '../../../db/db.js';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../../../config/accounts-config.js';
import { OneTimeCodes } from '../../../codes/one-time-codes.js';
import { existingUser } from '../../../registration/commands/register-user/register-user.handler.js';
import { sentMessage } from '../../../registration/domain/registration.js';
import { Clock } from '../../../shared/clock.js';
import type { RequestMeta } from '../../../shared/http.js';
import { isSmsEligible, type PhoneNumber } from '../../../users/domain/contact.js';
import { mobileNumber } from '../../../registration/domain/mobile-number.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { activationUrlTemplate } from '../../domain/activation-url.js';
import { userAlreadyActive, userDoesNotExist } from '../../account-activation.js';
import type { ResendPinDto } from '../activate-with-pin/activate-with-pin.dto.js';

/**
 * The PIN step's "Resend PIN", "Edit" (new e-mail or phone) and channel switch (spec 2 §2, §4): always a new code,
 * which invalidates the previous one. The account's count of wrong codes is kept (issue 3: a resend never resets it).
 */
@Injectable()
export class ResendPinHandler {
  constructor(
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly clock: Clock,
  ) {}

  async execute(dto: ResendPinDto, meta: RequestMeta): Promise<RegistrationResponse> {
    const user = await this.users.byRegistrationCode(dto.code);
    if (!user) throw userDoesNotExist();
    if (user.status === 'active') throw userAlreadyActive();
    const locale = dto.locale ?? meta.locale;
    const newEmail = dto.email ?? dto.username;
    const newPhone = dto.phone ? mobileNumber(dto.phone, dto.country, dto.country_code) : undefined;
    const channel: Channel = dto.type ?? (newPhone && !newEmail ? 'phone' : newEmail && !newPhone ? 'email' : user.channel);
    const email = newEmail ?? user.email ?? undefined;
    const phone: PhoneNumber | undefined =
      newPhone ??
      (user.phone ? { e164: user.phone, national: user.phoneNational!, country: user.country, countryCode: user.countryCode! } : undefined);
    // spec 2 §8 email_client_failure: the e-mail cannot be sent because of what the client gave us (no address).
    if (channel === 'email' && !email)
      throw new DomainError(ErrorCodes.emailClientFailure, 'There is no e-mail address to send the PIN to; give one', 422);
    if (channel === 'phone' && !phone) throw new ValidationError('phone: required to send the PIN by SMS', { phone: ['required'] });
    if (channel === 'phone' && !isSmsEligible(phone!)) {
      throw new DomainError(
        AccountsErrorCodes.notEligible,
        'Your line is not eligible to receive the SMS code; use your e-mail instead',
        422,
      );
    }
    const destination = channel === 'email' ? email! : phone!.e164;
    const activationUrl = activationUrlTemplate(dto.activation_url, this.config.publicUrl, this.config.linkOrigins);
    await this.codes.assertCanSend({ destination, ip: meta.ip, userId: user.id });

    try {
      await this.tx.run(async (tx) => {
        let current = await this.users.byId(user.id, tx, { forUpdate: true });
        if (!current) throw userDoesNotExist();
        if (current.status === 'active') throw userAlreadyActive();
        const edits: Partial<typeof users.$inferInsert> = {};
        if (newEmail && newEmail !== current.email) {
          const other = await this.users.byEmail(newEmail, tx);
          if (other && other.id !== current.id) throw existingUser();
          edits.email = newEmail;
        }
        if (newPhone && newPhone.e164 !== current.phone) {
          const other = await this.users.byPhone(newPhone.e164, tx);
          if (other && other.id !== current.id) throw existingUser();
          Object.assign(edits, {
            phone: newPhone.e164,
            phoneNational: newPhone.national,
            country: newPhone.country,
            countryCode: newPhone.countryCode,
          });
        }
        if (Object.keys(edits).length > 0 || channel !== current.channel) {
          [current] = (await tx
            .update(users)
            .set({ ...edits, channel, updatedAt: this.clock.now() })
            .where(eq(users.id, current.id))
            .returning()) as [UserRow];
        }
        await this.codes.issue(tx, { user: current, purpose: 'activation', channel, locale, ip: meta.ip, activationUrl });
      });
    } catch (err) {
      if (databaseError(err, SqlState.uniqueViolation)) throw existingUser();
      throw err;
    }
    return {
      code: dto.code,
      can_skip_pin: user.canSkipPin,
      username: destination,
      message: sentMessage(channel, { ...(email ? { email } : {}), ...(phone ? { phone } : {}) }, locale),
      type: channel,
    };
  }
}
