import { Controller, Delete, Get, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { FollowResponseSchema, type FollowResponse } from '@vitrina/contracts';
import { OwnerPath, PathOwner, type OwnerRef, ApiAnswer } from '@vitrina/platform';
import { FollowUserHandler } from '../commands/follow-user/follow-user.handler.js';

/** spec 2 §7 `PUT/DELETE subscription-public /{meID}/subscribe/{userID}/`: only the follower acts for themselves. */
@ApiTags('subscription-public')
@Controller('subscription-public')
export class SubscriptionPublicHttpController {
  constructor(private readonly handler: FollowUserHandler) {}

  @Put(':me/subscribe/:userId')
  @OwnerPath('me')
  @ApiAnswer(FollowResponseSchema, { errors: [400, 404] })
  follow(@PathOwner() me: OwnerRef, @Param('userId', new ParseUUIDPipe()) userId: string): Promise<FollowResponse> {
    return this.handler.follow(me.ownerId, userId);
  }

  @Delete(':me/subscribe/:userId')
  @OwnerPath('me')
  @ApiAnswer(FollowResponseSchema, { errors: [400, 404] })
  unfollow(@PathOwner() me: OwnerRef, @Param('userId', new ParseUUIDPipe()) userId: string): Promise<FollowResponse> {
    return this.handler.unfollow(me.ownerId, userId);
  }

  @Get(':me/subscribe/:userId')
  @OwnerPath('me')
  @ApiAnswer(FollowResponseSchema, { errors: [400] })
  state(@PathOwner() me: OwnerRef, @Param('userId', new ParseUUIDPipe()) userId: string): Promise<FollowResponse> {
    return this.handler.state(me.ownerId, userId);
  }
}
