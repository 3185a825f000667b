import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  CollaboratorListSchema,
  CollaboratorProfileListSchema,
  CollaboratorSchema,
  type Collaborator,
  type CollaboratorList,
  type CollaboratorProfileList,
} from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, OwnerPath, PathOwner, type OwnerRef } from '@vitrina/platform';
import { CollaboratorsService } from './collaborators.service.js';
import { CollaboratorCreateDto, CollaboratorPatchDto, CollaboratorsQueryDto } from './collaborators.dto.js';

/**
 * spec 3 §7 'Collaborators' (issue 16), `/accounts/{me}:{key}/collaborators...`: the caller's shop's collaborators and
 * the shops the caller collaborates with. @OwnerPath refuses (401/403) anyone but the path's user.
 */
@ApiTags('accounts')
@ApiRefusals(400)
@Controller('accounts')
@OwnerPath('me')
export class CollaboratorsHttpController {
  constructor(private readonly collaborators: CollaboratorsService) {}

  @Get(':me/collaborators')
  @ApiOperation({ summary: "The collaborators of the caller's shop, newest first" })
  @ApiAnswer(CollaboratorListSchema, { errors: [403] })
  list(@PathOwner() me: OwnerRef, @Query() q: CollaboratorsQueryDto): Promise<CollaboratorList> {
    return this.collaborators.list(me.ownerId, q.offset ?? 0, q.limit ?? 5);
  }

  @Get(':me/collaborators/profiles')
  @ApiOperation({ summary: 'The shops where the caller is a collaborator, with their role there' })
  @ApiAnswer(CollaboratorProfileListSchema)
  profiles(@PathOwner() me: OwnerRef, @Query() q: CollaboratorsQueryDto): Promise<CollaboratorProfileList> {
    return this.collaborators.profiles(me.ownerId, q.offset ?? 0, q.limit ?? 5);
  }

  @Post(':me/collaborators')
  @ApiOperation({ summary: "Adds a user (by the e-mail or phone they sign in with) to the caller's shop with a role" })
  @ApiAnswer(CollaboratorSchema, { status: 201, errors: [403, 404, 409] })
  add(@PathOwner() me: OwnerRef, @Body() body: CollaboratorCreateDto): Promise<Collaborator> {
    return this.collaborators.add(me.ownerId, body.username, body.role);
  }

  @Patch(':me/collaborators/:id')
  @ApiOperation({ summary: "Changes a collaborator's role" })
  @ApiAnswer(CollaboratorSchema, { errors: [403, 404] })
  patch(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: CollaboratorPatchDto): Promise<Collaborator> {
    return this.collaborators.changeRole(me.ownerId, id, body.role);
  }

  @Delete(':me/collaborators/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Removes a collaborator from the shop' })
  @ApiAnswer(null, { status: 204, errors: [403, 404] })
  async remove(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<void> {
    await this.collaborators.remove(me.ownerId, id);
  }

  @Put(':me/collaborators/:id/refresh')
  @ApiOperation({ summary: "Reads the collaborator's name, username and photo again from their account" })
  @ApiAnswer(CollaboratorSchema, { errors: [403, 404] })
  refresh(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<Collaborator> {
    return this.collaborators.refresh(me.ownerId, id);
  }
}
