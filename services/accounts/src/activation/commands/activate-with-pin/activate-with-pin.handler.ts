import { Injectable } from '@nestjs/common';
import { AccountsErrorCodes, type AuthResult, type Locale } from '@vitrina/contracts';
import { DomainError, TransactionRunner, ValidationError } from '@vitrina/platform';
import type { UserRow, AccountsSchema } from '../../../db/db.js';
import { OneTimeCodes, codeCheckError, type CodeCheck } from '../../../codes/one-time-codes.js';
import { PasswordHasher } from '../../../sessions/password-hasher.js';
import { Sessions } from '../../../sessions/sessions.js';
import type { RequestMeta } from '../../../shared/http.js';
import { loginIdentifier } from '../../../users/domain/contact.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { mobileNumber } from '../../../registration/domain/mobile-number.js';
import { AccountActivation, userAlreadyExists, userDoesNotExist } from '../../account-activation.js';
import type { ActivateWithPinDto } from './activate-with-pin.dto.js';

export interface SignedIn {
  auth: AuthResult;
  refreshToken: string;
  locale: Locale;
}

/**
 * spec 2 §3, §4: `POST /activate/pin/` activates the account with its PIN (or without it when the shop's sign-up
 * allows skipping) and signs the user in. Wrong PINs count against the code (5 tries) and the account (lock after
 * 20 in 24 h); those counts commit even though the request is refused.
 */
@Injectable()
export class ActivateWithPinHandler {
  constructor(
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly activation: AccountActivation,
  ) {}

  async execute(dto: ActivateWithPinDto, meta: RequestMeta): Promise<SignedIn> {
    const user = await this.locate(dto);
    if (!user) throw userDoesNotExist();
    if (user.status === 'active') throw userAlreadyExists();
    const locale = dto.locale ?? meta.locale;

    if (dto.pin === undefined) return this.skip(user, dto, meta, locale);

    await this.codes.assertNotLocked(user.id);
    const newPasswordHash = dto.password ? await this.hasher.hash(dto.password) : undefined;
    const outcome = await this.tx.run(async (tx): Promise<CodeCheck | { ok: true; signedIn: SignedIn }> => {
      const current = await this.users.byId(user.id, tx, { forUpdate: true });
      if (!current) throw userDoesNotExist();
      if (current.status === 'active') throw userAlreadyExists();
      const check = await this.codes.check(tx, await this.codes.liveCode(tx, user.id, 'activation'), dto.pin!);
      if (!check.ok) return check; // commit the recorded failure, refuse after
      const active = await this.activation.activate(tx, current, 'pin', newPasswordHash);
      const session = await this.sessions.start(tx, active.id, meta);
      return {
        ok: true,
        signedIn: { auth: await this.sessions.authResult(tx, active, session.sessionId), refreshToken: session.refreshToken, locale },
      };
    });
    if (!outcome.ok) throw codeCheckError(outcome);
    return (outcome as { signedIn: SignedIn }).signedIn;
  }

  /** spec 2 §5: the PIN is required unless the registration may skip it; then the password must be the registered one. */
  private async skip(user: UserRow, dto: ActivateWithPinDto, meta: RequestMeta, locale: Locale): Promise<SignedIn> {
    if (!user.canSkipPin) throw new ValidationError('pin: required', { pin: ['required'] });
    if (!dto.password) throw new ValidationError('password: required', { password: ['required'] });
    const ok = user.passwordHash ? await this.hasher.verify(user.passwordHash, dto.password) : false;
    if (!ok) throw new DomainError(AccountsErrorCodes.invalidCredentials, 'The password is not correct', 401);
    return this.tx.run(async (tx) => {
      const current = await this.users.byId(user.id, tx, { forUpdate: true });
      if (!current) throw userDoesNotExist();
      if (current.status === 'active') throw userAlreadyExists();
      const active = await this.activation.activate(tx, current, 'skip');
      const session = await this.sessions.start(tx, active.id, meta);
      return { auth: await this.sessions.authResult(tx, active, session.sessionId), refreshToken: session.refreshToken, locale };
    });
  }

  /** The registration code names the account; without it, the registration data (e-mail or phone) does. */
  private async locate(dto: ActivateWithPinDto): Promise<UserRow | undefined> {
    if (dto.code) return this.users.byRegistrationCode(dto.code);
    const usePhone = dto.type === 'phone' || (!dto.email && !dto.username);
    const id = usePhone
      ? dto.phone
        ? loginIdentifier({
            phone: dto.phone,
            ...(dto.country ? { country: dto.country } : {}),
            ...(dto.country_code ? { country_code: dto.country_code } : {}),
          })
        : undefined
      : loginIdentifier({ email: (dto.email ?? dto.username)! });
    if (!id) throw new ValidationError('code: required (or the e-mail or phone of the registration)', { code: ['required'] });
    // Registrations store the mobile's E.164 form (an Argentine mobile with its 9): look that up first.
    const mobile = usePhone && dto.phone ? normalisedMobile(dto.phone, dto.country, dto.country_code) : undefined;
    return (mobile ? await this.users.byPhone(mobile) : undefined) ?? this.users.byIdentifier(id);
  }
}

function normalisedMobile(phone: string, country?: string, countryCode?: string): string | undefined {
  try {
    return mobileNumber(phone, country, countryCode).e164;
  } catch {
    return undefined; // not a valid mobile: the typed form is looked up as before
  }
}
