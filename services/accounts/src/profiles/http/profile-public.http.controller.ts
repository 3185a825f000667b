import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicProfileListSchema, PublicProfileSchema, type PublicProfile, type PublicProfileList } from '@vitrina/contracts';
import { ApiAnswer, ListQueryDto, ValidationError, parseOwnerSegment } from '@vitrina/platform';
import { GetPublicProfilesHandler } from '../queries/get-public-profiles/get-public-profiles.handler.js';
import { ListPublicProfilesHandler, ListPublicProfilesQuery } from '../queries/list-public-profiles/list-public-profiles.handler.js';

/** spec 2 §7 `profile-public /{id}:{key}/{id}` and `/{ids joined by comma}/?limit=`: public, no contact data. */
@ApiTags('profile-public')
@Controller('profile-public')
export class ProfilePublicHttpController {
  constructor(private readonly profiles: GetPublicProfilesHandler) {}

  @Get(':ref/:id')
  @ApiAnswer(PublicProfileSchema, { errors: [400, 404] })
  one(@Param('ref') ref: string, @Param('id') id: string): Promise<PublicProfile> {
    const parsed = parseOwnerSegment(ref);
    if (!parsed || parsed.ownerId !== id)
      throw new ValidationError('The path must be /{id}:{key}/{id}', { id: ['must match the first id'] });
    return this.profiles.one(id);
  }

  @Get(':ids')
  @ApiAnswer(PublicProfileListSchema, { errors: [400] })
  many(@Param('ids') ids: string, @Query() q: ListQueryDto): Promise<PublicProfileList> {
    return this.profiles.many(ids, q.limit);
  }
}

@ApiTags('profile-list-public')
@Controller('profile-list-public')
export class ProfileListPublicHttpController {
  constructor(private readonly list: ListPublicProfilesHandler) {}

  @Get()
  @ApiAnswer(PublicProfileListSchema, { errors: [400] })
  profiles(@Query() q: ListPublicProfilesQuery): Promise<PublicProfileList> {
    return this.list.execute(q);
  }
}
