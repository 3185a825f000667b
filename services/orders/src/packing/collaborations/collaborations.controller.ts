import { Controller, Get, Query } from '@nestjs/common';
import { CollaborationListSchema, type CollaborationList } from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, ListQueryDto, OwnerPath, PathOwner, type OwnerRef } from '@vitrina/platform';
import { CollaborationsQuery } from './collaborations.query.js';

/** offset, limit (spec 3 §9: 10 a page when absent). */
export class CollaborationsQueryDto extends ListQueryDto {}

/** spec 3 §7 'Customer API': GET /collaborations (offset, limit 10). */
@ApiTags('orders')
@ApiRefusals(400)
@Controller('orders')
@OwnerPath('me')
export class CollaborationsController {
  constructor(private readonly query: CollaborationsQuery) {}

  @Get(':me/collaborations')
  @ApiOperation({ summary: 'The shops in which the user sells (as supplier or dropshipping supplier), with how many orders (10 a page)' })
  @ApiAnswer(CollaborationListSchema)
  list(@PathOwner() me: OwnerRef, @Query() q: CollaborationsQueryDto): Promise<CollaborationList> {
    return this.query.of(me.ownerId, q);
  }
}
