import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { STORE_TYPES, ShopMenuSchema, type ShopMenu } from '@vitrina/contracts';
import { ApiAnswer, CurrentUser, type AuthUser, Optional } from '@vitrina/platform';
import { LoadShopQuery } from '../../shops/queries/load-shop.query.js';
import { SHOP_ADMIN_PERMISSION } from '../../shops/shop.repository.js';
import { menuFor } from '../domain/menu.js';

class MenuQueryDto {
  @ApiPropertyOptional({ enum: STORE_TYPES, description: 'Sent by the storefront; the shop’s own type decides' })
  @Optional()
  @IsIn(STORE_TYPES)
  store_type?: string;

  @ApiPropertyOptional({ description: 'Sent by the storefront; the shop’s own owner decides' })
  @Optional()
  @IsString()
  @MaxLength(64)
  owner?: string;
}

/** spec 1 §7 'Menu options' for a shop: admin, public or proxy menu for the viewer. */
@ApiTags('store: shops')
@Controller('store/shops')
export class MenuController {
  constructor(private readonly shops: LoadShopQuery) {}

  @Get(':shop/menu')
  @ApiAnswer(ShopMenuSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Menu options of a shop for the viewer (labels es/en/es-AR, icon, icon_color, path, submenu, app_module)' })
  async menu(@Param('shop') shopRef: string, @Query() _q: MenuQueryDto, @CurrentUser() viewer?: AuthUser): Promise<ShopMenu> {
    const shop = await this.shops.resolve(shopRef);
    // spec 1 §6: the shop admin is its owner, with the admin permission.
    return menuFor(shop, viewer?.id === shop.ownerId && shop.permissions.includes(SHOP_ADMIN_PERMISSION));
  }
}
