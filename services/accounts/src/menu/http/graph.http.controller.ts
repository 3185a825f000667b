import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MenuResponseSchema, type MenuResponse } from '@vitrina/contracts';
import { ApiAnswer, NotFoundError, OwnerPath, PathOwner, type OwnerRef } from '@vitrina/platform';
import { UsersRepository } from '../../users/users.repository.js';
import { levelOf } from '../../users/domain/profile.js';
import { DEFAULT_MENU, menuFor } from '../domain/menus.js';

/** spec 2 §7 `GET graph /{meID}:{meID}/menu/{name}` (default `apps`): signed-in users only, their own menu. */
@ApiTags('graph')
@Controller('graph')
export class GraphHttpController {
  constructor(private readonly users: UsersRepository) {}

  @Get(':owner/menu')
  @OwnerPath('owner')
  @ApiAnswer(MenuResponseSchema, { errors: [404] })
  defaultMenu(@PathOwner() owner: OwnerRef): Promise<MenuResponse> {
    return this.menu(owner, DEFAULT_MENU);
  }

  @Get(':owner/menu/:name')
  @OwnerPath('owner')
  @ApiAnswer(MenuResponseSchema, { errors: [404] })
  async menu(@PathOwner() owner: OwnerRef, @Param('name') name: string): Promise<MenuResponse> {
    // The keychain and level are read fresh: the token's copy may predate a new store.
    const user = await this.users.byId(owner.ownerId);
    if (!user || user.status !== 'active') throw new NotFoundError('The user does not exist');
    const results = menuFor(name, { level: levelOf(user), keychain: user.keychain });
    if (!results) throw new NotFoundError(`There is no menu named ${name}`);
    return { name, results };
  }
}
