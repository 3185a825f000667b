import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { AccountsErrorCodes, AccountsEvents, ErrorCodes, type RegistrationResponse, type UserRegistered } from '@vitrina/contracts';
import { DB, DomainError, Outbox, TransactionRunner, newId, databaseError, SqlState } from '@vitrina/platform';
import { shops, users } from '../../../db/schema.js';
import { type AccountsDb, type Executor, type UserRow, type AccountsSchema } from '../../../db/db.js';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../../../config/accounts-config.js';
import { activationUrlTemplate } from '../../../activation/domain/activation-url.js';
import { OneTimeCodes } from '../../../codes/one-time-codes.js';
import { PasswordHasher } from '../../../sessions/password-hasher.js';
import { Clock } from '../../../shared/clock.js';
import type { RequestMeta } from '../../../shared/http.js';
import { generateOpaqueToken, sha256 } from '../../../shared/secrets.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { isSmsEligible, profileSlug } from '../../../users/domain/contact.js';
import { canSkipPin, readRegistration, sentMessage, type Registration } from '../../domain/registration.js';
import type { RegisterUserDto } from './register-user.dto.js';

export function existingUser(): DomainError {
  return new DomainError(ErrorCodes.existingUser, 'The user already exists', 409);
}

interface Matches {
  /** An active account (or two different pending ones) already holds the e-mail or phone. */
  conflict: boolean;
  /** A pending registration with this contact data: registering again takes it over (new code, new data). */
  pending?: UserRow;
}

/**
 * spec 2 §3, §4: registration by e-mail or phone. Creates the pending account (or takes over a pending one with
 * the same contact data), issues the PIN and publishes `accounts.user.registered` and `accounts.user.pin-issued`
 * in the same transaction (no PIN when the shop's sign-up skips it). The answer's `code` names this registration in the PIN step.
 */
@Injectable()
export class RegisterUserHandler {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly outbox: Outbox,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute(dto: RegisterUserDto, meta: RequestMeta): Promise<RegistrationResponse> {
    const reg = readRegistration(dto);
    const locale = dto.locale ?? meta.locale;
    if (reg.channel === 'phone' && !isSmsEligible(reg.phone!)) {
      throw new DomainError(
        AccountsErrorCodes.notEligible,
        'Your line is not eligible to receive the SMS code; register with your e-mail instead',
        422,
      );
    }
    const activationUrl = activationUrlTemplate(dto.activation_url, this.config.publicUrl, this.config.linkOrigins);
    const destination = reg.channel === 'email' ? reg.email! : reg.phone!.e164;

    // Cheap refusals before the expensive hash.
    const before = await this.matches(reg, this.db);
    if (before.conflict) throw existingUser();
    const [shop] = reg.shopSlug
      ? await this.db.select({ signupForm: shops.signupForm }).from(shops).where(eq(shops.slug, reg.shopSlug)).limit(1)
      : [];
    const skip = canSkipPin(reg, shop);
    // Nothing is sent when the PIN is skipped, so no send limit applies.
    if (!skip) await this.codes.assertCanSend({ destination, ip: meta.ip, ...(before.pending ? { userId: before.pending.id } : {}) });
    const passwordHash = await this.hasher.hash(dto.password);
    const registrationCode = generateOpaqueToken(18);

    try {
      return await this.tx.run(async (tx) => {
        const found = await this.matches(reg, tx);
        if (found.conflict) throw existingUser();
        const now = this.clock.now();
        const fields = {
          email: reg.email ?? null,
          phone: reg.phone?.e164 ?? null,
          phoneNational: reg.phone?.national ?? null,
          country: reg.phone?.country ?? null,
          countryCode: reg.phone?.countryCode ?? null,
          fullName: reg.fullName,
          passwordHash,
          channel: reg.channel,
          locale,
          isReseller: reg.isReseller,
          keychain: reg.isReseller ? ['referral'] : [],
          canSkipPin: skip,
          signup: {
            ...reg.affiliate,
            ...reg.extras,
            ...(reg.shopSlug ? { store: reg.shopSlug } : {}),
            ...(reg.signupForm ? { signup_form: reg.signupForm } : {}),
          },
          registrationCodeHash: sha256(registrationCode),
          updatedAt: now,
        };
        let user: UserRow;
        if (found.pending) {
          [user] = (await tx.update(users).set(fields).where(eq(users.id, found.pending.id)).returning()) as [UserRow];
        } else {
          const id = newId();
          [user] = (await tx
            .insert(users)
            .values({ id, ...fields, slug: profileSlug(reg.fullName, id.slice(-6)), status: 'pending', createdAt: now })
            .returning()) as [UserRow];
          const data: UserRegistered = {
            userId: user.id,
            channel: reg.channel,
            ...(reg.email ? { email: reg.email } : {}),
            ...(reg.phone ? { phone: reg.phone.e164 } : {}),
            fullName: reg.fullName,
            locale,
            affiliate: reg.affiliate,
            ...(reg.shopSlug ? { shopSlug: reg.shopSlug } : {}),
            ...(reg.signupForm ? { signupForm: reg.signupForm } : {}),
            canSkipPin: skip,
          };
          await this.outbox.add(tx, { type: AccountsEvents.registered, key: user.id, data, actorId: user.id });
        }
        // spec 2 §2, §4: a shop sign-up that skips the PIN activates at once (`can_skip_pin`), so no PIN is issued
        // nor mailed (no `pin-issued`); the registrant may still ask for one (resend) if they want it.
        if (!skip) await this.codes.issue(tx, { user, purpose: 'activation', channel: reg.channel, locale, ip: meta.ip, activationUrl });
        return {
          code: registrationCode,
          can_skip_pin: skip,
          username: destination,
          message: sentMessage(
            reg.channel,
            { ...(reg.email ? { email: reg.email } : {}), ...(reg.phone ? { phone: reg.phone } : {}) },
            locale,
            skip,
          ),
          type: reg.channel,
        };
      });
    } catch (err) {
      // Two registrations of one address racing: the loser is told the user exists.
      if (databaseError(err, SqlState.uniqueViolation)) throw existingUser();
      throw err;
    }
  }

  private async matches(reg: Registration, ex: Executor): Promise<Matches> {
    const byEmail = reg.email ? await this.users.byEmail(reg.email, ex) : undefined;
    // An account registered before numbers were normalised may hold the typed form (`+54` without the 9).
    const byPhone = reg.phone
      ? ((await this.users.byPhone(reg.phone.e164, ex)) ??
        (reg.phone.legacyE164 ? await this.users.byPhone(reg.phone.legacyE164, ex) : undefined))
      : undefined;
    const found = [byEmail, byPhone].filter((u): u is UserRow => !!u);
    if (found.some((u) => u.status === 'active')) return { conflict: true };
    if (byEmail && byPhone && byEmail.id !== byPhone.id) return { conflict: true };
    return found[0] ? { conflict: false, pending: found[0] } : { conflict: false };
  }
}
