import { Inject, Injectable } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { DEFAULT_LIST_LIMIT, type ListResponse, type PublicProfile } from '@vitrina/contracts';
import { DB, ListQueryDto, listResponse, parseSort, OptionalNullable } from '@vitrina/platform';
import { users } from '../../../db/schema.js';
import type { AccountsDb } from '../../../db/db.js';
import { Clock } from '../../../shared/clock.js';
import { Trimmed } from '../../../shared/dto.js';
import { publicProfile } from '../../../users/domain/profile.js';

export class ListPublicProfilesQuery extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Text the name contains' })
  @Trimmed()
  @OptionalNullable()
  @IsString()
  @MaxLength(100)
  filter?: string;
}

/** `profile-list-public` (spec 2 §7): the fallback list when no conversation matches; active accounts only. */
@Injectable()
export class ListPublicProfilesHandler {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly clock: Clock,
  ) {}

  async execute(q: ListPublicProfilesQuery): Promise<ListResponse<PublicProfile>> {
    const sort = parseSort(q.sort, ['name', 'updated_at'] as const, { field: 'updated_at', desc: true });
    const where: SQL[] = [eq(users.status, 'active')];
    if (q.filter) where.push(ilike(users.fullName, `%${q.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    const column = sort.field === 'name' ? users.fullName : users.updatedAt;
    const rows = await this.db
      .select()
      .from(users)
      .where(and(...where))
      .orderBy(sort.desc ? desc(column) : asc(column), asc(users.id))
      .offset(q.offset ?? 0)
      .limit(q.limit ?? DEFAULT_LIST_LIMIT);
    const [total] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(...where));
    const now = this.clock.now();
    return listResponse(
      rows.map((u) => publicProfile(u, now)),
      Number(total?.n ?? 0),
    );
  }
}
