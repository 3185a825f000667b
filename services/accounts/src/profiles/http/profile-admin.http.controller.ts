import { Body, Controller, Get, Param, Patch, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminProfileSchema, HeartbeatResponseSchema, type AdminProfile, type HeartbeatResponse } from '@vitrina/contracts';
import { ApiAnswer, ForbiddenError, OwnerPath, PathOwner, type OwnerRef } from '@vitrina/platform';
import { RecordHeartbeatHandler } from '../commands/record-heartbeat/record-heartbeat.handler.js';
import { UpdateProfileDto, UpdateProfileHandler } from '../commands/update-profile/update-profile.handler.js';
import { GetAdminProfileHandler } from '../queries/get-admin-profile/get-admin-profile.handler.js';

/**
 * spec 2 §7 `profile-admin /{meID}:{key}/{meID}` and the heartbeat `/{meID}:{key}/date[/{meID}]`. @OwnerPath
 * refuses (401/403, no data) anyone but the owner; the trailing `{meID}` must name the same user.
 */
@ApiTags('profile-admin')
@Controller('profile-admin')
export class ProfileAdminHttpController {
  constructor(
    private readonly get: GetAdminProfileHandler,
    private readonly update: UpdateProfileHandler,
    private readonly heartbeat: RecordHeartbeatHandler,
  ) {}

  @Get(':owner/date')
  @OwnerPath('owner')
  @ApiAnswer(HeartbeatResponseSchema)
  lastHeartbeat(@PathOwner() owner: OwnerRef): Promise<HeartbeatResponse> {
    return this.get.heartbeat(owner.ownerId);
  }

  @Patch(':owner/date/:me')
  @OwnerPath('owner')
  @ApiAnswer(HeartbeatResponseSchema)
  beat(@PathOwner() owner: OwnerRef, @Param('me') me: string): Promise<HeartbeatResponse> {
    return this.heartbeat.execute(sameOwner(owner, me));
  }

  @Get(':owner/:me')
  @OwnerPath('owner')
  @ApiAnswer(AdminProfileSchema, { errors: [404] })
  profile(@PathOwner() owner: OwnerRef, @Param('me') me: string): Promise<AdminProfile> {
    return this.get.profile(sameOwner(owner, me));
  }

  @Put(':owner/:me')
  @OwnerPath('owner')
  @ApiAnswer(AdminProfileSchema, { errors: [400, 404] })
  edit(@PathOwner() owner: OwnerRef, @Param('me') me: string, @Body() dto: UpdateProfileDto): Promise<AdminProfile> {
    return this.update.execute(sameOwner(owner, me), dto);
  }
}

/** `/{meID}:{key}/{meID}`: both ids must be the caller's. */
export function sameOwner(owner: OwnerRef, me: string): string {
  if (me !== owner.ownerId) throw new ForbiddenError('The path names two different users');
  return owner.ownerId;
}
