import { Injectable } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Length, Matches } from 'class-validator';
import { eq } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Locale } from '@vitrina/contracts';
import { TransactionRunner, OptionalNullable } from '@vitrina/platform';
import { users } from '../../../db/schema.js';
import type { UserRow, AccountsSchema } from '../../../db/db.js';
import { OneTimeCodes, codeCheckError, type CodeCheck } from '../../../codes/one-time-codes.js';
import type { SignedIn } from '../../../activation/commands/activate-with-pin/activate-with-pin.handler.js';
import { PasswordHasher } from '../../../sessions/password-hasher.js';
import { Sessions } from '../../../sessions/sessions.js';
import { Clock } from '../../../shared/clock.js';
import type { RequestMeta } from '../../../shared/http.js';
import { DropEmpty, PIN_PATTERN, PhoneField, Trimmed } from '../../../shared/dto.js';
import { UsersRepository } from '../../../users/users.repository.js';

/** `POST /auth/password/reset/confirm`: the request code, the code received, the new password. */
export class ResetPasswordDto {
  @ApiProperty() @Trimmed() @IsString() @Length(1, 128) code!: string;
  @ApiProperty() @PhoneField() @Matches(PIN_PATTERN, { message: 'the code has 6 digits' }) pin!: string;
  @ApiProperty() @DropEmpty() @IsString() @Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH) password!: string;
  @ApiPropertyOptional({ enum: ['es', 'en', 'es-AR'] }) @DropEmpty() @OptionalNullable() @IsIn(['es', 'en', 'es-AR']) locale?: Locale;
}

/**
 * Password reset, step 2: the code (5 minutes, 5 tries, the account's failure count and lock as for the PIN),
 * then the new password. Every session of the account ends; the user is signed in on a new one.
 */
@Injectable()
export class ResetPasswordHandler {
  constructor(
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly clock: Clock,
  ) {}

  async execute(dto: ResetPasswordDto, meta: RequestMeta): Promise<SignedIn> {
    const preview = await this.tx.run((tx) => this.codes.byRequestCode(tx, dto.code));
    if (!preview) throw codeCheckError({ ok: false, reason: 'expired' });
    await this.codes.assertNotLocked(preview.userId);
    const passwordHash = await this.hasher.hash(dto.password);
    const locale = dto.locale ?? meta.locale;
    const outcome = await this.tx.run(async (tx): Promise<CodeCheck | { ok: true; signedIn: SignedIn }> => {
      const row = await this.codes.byRequestCode(tx, dto.code);
      const user = row ? await this.users.byId(row.userId, tx, { forUpdate: true }) : undefined;
      if (!row || !user || user.status !== 'active' || row.consumedAt || row.invalidatedAt) return { ok: false, reason: 'expired' };
      const check = await this.codes.check(tx, row, dto.pin);
      if (!check.ok) return check;
      const [updated] = (await tx
        .update(users)
        .set({ passwordHash, updatedAt: this.clock.now() })
        .where(eq(users.id, user.id))
        .returning()) as [UserRow];
      await this.sessions.revokeAllOf(tx, user.id, 'password_reset');
      const session = await this.sessions.start(tx, user.id, meta);
      return {
        ok: true,
        signedIn: { auth: await this.sessions.authResult(tx, updated, session.sessionId), refreshToken: session.refreshToken, locale },
      };
    });
    if (!outcome.ok) throw codeCheckError(outcome);
    return (outcome as { signedIn: SignedIn }).signedIn;
  }
}
