import { Injectable } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Length, MaxLength } from 'class-validator';
import { eq } from 'drizzle-orm';
import {
  AccountsEvents,
  BIO_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  type AdminProfile,
  type Locale,
  type UserProfileUpdated,
} from '@vitrina/contracts';
import { NotFoundError, Outbox, TransactionRunner, OptionalNullable } from '@vitrina/platform';
import { users } from '../../../db/schema.js';
import type { UserRow, AccountsSchema } from '../../../db/db.js';
import { Clock } from '../../../shared/clock.js';
import { DropEmpty, IsImageUrl, Trimmed } from '../../../shared/dto.js';
import { adminProfile } from '../../../users/domain/profile.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { ShopsRepository } from '../../../shops/shops.repository.js';
import { MembershipsService } from '../../../memberships/memberships.service.js';

/** `PUT profile-admin`: only non-empty fields change (spec 2 §3); the photo is the URL the gallery upload returned. */
export class UpdateProfileDto {
  @ApiPropertyOptional({ maxLength: FULL_NAME_MAX_LENGTH })
  @Trimmed()
  @OptionalNullable()
  @IsString()
  @Length(1, FULL_NAME_MAX_LENGTH)
  full_name?: string;
  /** The spec's profile `name`; same as full_name. */
  @ApiPropertyOptional({ maxLength: FULL_NAME_MAX_LENGTH })
  @Trimmed()
  @OptionalNullable()
  @IsString()
  @Length(1, FULL_NAME_MAX_LENGTH)
  name?: string;
  @ApiPropertyOptional({ description: 'URL returned by POST /api/gallery/{owner}:{mashupID}/' })
  @Trimmed()
  @OptionalNullable()
  @IsImageUrl()
  photo?: string;
  @ApiPropertyOptional({ maxLength: BIO_MAX_LENGTH }) @Trimmed() @OptionalNullable() @IsString() @MaxLength(BIO_MAX_LENGTH) bio?: string;
  @ApiPropertyOptional({ enum: ['es', 'en', 'es-AR'] }) @DropEmpty() @OptionalNullable() @IsIn(['es', 'en', 'es-AR']) locale?: Locale;
}

@Injectable()
export class UpdateProfileHandler {
  constructor(
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly shops: ShopsRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly memberships: MembershipsService,
  ) {}

  async execute(userId: string, dto: UpdateProfileDto): Promise<AdminProfile> {
    const changes: Partial<typeof users.$inferInsert> = {};
    const name = dto.full_name ?? dto.name;
    if (name !== undefined) changes.fullName = name;
    if (dto.photo !== undefined) changes.photo = dto.photo;
    if (dto.bio !== undefined) changes.bio = dto.bio;
    if (dto.locale !== undefined) changes.locale = dto.locale;
    const now = this.clock.now();
    const user = await this.tx.run(async (tx) => {
      const current = await this.users.byId(userId, tx, { forUpdate: true });
      if (!current || current.status !== 'active') throw new NotFoundError('The profile does not exist');
      if (Object.keys(changes).length === 0) return current;
      const [updated] = (await tx
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, userId))
        .returning()) as [UserRow];
      if (changes.fullName !== undefined || changes.photo !== undefined) {
        const data: UserProfileUpdated = { userId, name: updated.fullName, photo: updated.photo };
        await this.outbox.add(tx, { type: AccountsEvents.profileUpdated, key: userId, data, actorId: userId });
      }
      return updated;
    });
    return adminProfile(user, now, await this.shops.owned(user.storeId), await this.memberships.rateOf(user.id));
  }
}
