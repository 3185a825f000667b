import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CartSchema, CartTotalSchema, type Cart, type CartTotal } from '@vitrina/contracts';
import { ApiOperation, ApiTags, ApiAnswer, ApiRefusals, Authenticated, CurrentUser, type AuthUser } from '@vitrina/platform';
import { CartService, type SentLine } from '../cart.service.js';
import { checkQuantity, isValidAmount } from '../domain/cart.rules.js';
import { CartAddItemDto, CartAmountDto, CartLinesDto } from './cart.dto.js';

/** Lines whose quantities are all valid integers ≥ 1 (400 `invalid_amount` otherwise, nothing changed). */
function validLines(body: CartLinesDto): SentLine[] {
  for (const line of body.items) if (!isValidAmount(line.amount)) checkQuantity(undefined, line.amount);
  return body.items as SentLine[];
}

/** The signed-in shopper's cart in one shop: `/cart/shops/{shop_slug}/...` (issue 11; spec 1 §3-§5). */
@ApiTags('cart')
@ApiRefusals(400)
@Controller('cart/shops')
export class CartController {
  constructor(private readonly carts: CartService) {}

  @Get(':shop_slug')
  @Authenticated()
  @ApiOperation({ summary: 'The cart in this shop, as cart orders per supplier (empty: no orders)' })
  @ApiAnswer(CartSchema, { errors: [404] })
  get(@Param('shop_slug') slug: string, @CurrentUser() user: AuthUser): Promise<Cart> {
    return this.carts.get(user.id, slug);
  }

  @Get(':shop_slug/total')
  @Authenticated()
  @ApiOperation({ summary: 'Count and amount of the cart (the header badge)' })
  @ApiAnswer(CartTotalSchema, { errors: [404] })
  total(@Param('shop_slug') slug: string, @CurrentUser() user: AuthUser): Promise<CartTotal> {
    return this.carts.total(user.id, slug);
  }

  @Post(':shop_slug/items')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Add to the cart (adds to the quantity of the line of this item and variant)' })
  @ApiAnswer(CartSchema, { errors: [404, 409] })
  add(@Param('shop_slug') slug: string, @Body() body: CartAddItemDto, @CurrentUser() user: AuthUser): Promise<Cart> {
    return this.carts.add(user.id, slug, body.item_id, body.amount, body.variant);
  }

  @Put(':shop_slug/items/:item_id')
  @Authenticated()
  @ApiOperation({ summary: "Set the quantity of the item's line without a variant" })
  @ApiAnswer(CartSchema, { errors: [404, 409] })
  set(
    @Param('shop_slug') slug: string,
    @Param('item_id') itemId: string,
    @Body() body: CartAmountDto,
    @CurrentUser() user: AuthUser,
  ): Promise<Cart> {
    return this.carts.set(user.id, slug, itemId, {}, body.amount);
  }

  @Delete(':shop_slug/items/:item_id')
  @Authenticated()
  @ApiOperation({ summary: "Remove the item's line without a variant" })
  @ApiAnswer(CartSchema, { errors: [404] })
  remove(@Param('shop_slug') slug: string, @Param('item_id') itemId: string, @CurrentUser() user: AuthUser): Promise<Cart> {
    return this.carts.remove(user.id, slug, itemId);
  }

  @Put(':shop_slug/lines/:line_id')
  @Authenticated()
  @ApiOperation({ summary: "Set a line's quantity (line_id: item and variant, from the cart's products)" })
  @ApiAnswer(CartSchema, { errors: [404, 409] })
  setLine(
    @Param('shop_slug') slug: string,
    @Param('line_id') lineId: string,
    @Body() body: CartAmountDto,
    @CurrentUser() user: AuthUser,
  ): Promise<Cart> {
    return this.carts.setLine(user.id, slug, lineId, body.amount);
  }

  @Delete(':shop_slug/lines/:line_id')
  @Authenticated()
  @ApiOperation({ summary: "Remove a line (line_id: item and variant, from the cart's products)" })
  @ApiAnswer(CartSchema, { errors: [404] })
  removeLine(@Param('shop_slug') slug: string, @Param('line_id') lineId: string, @CurrentUser() user: AuthUser): Promise<Cart> {
    return this.carts.removeLine(user.id, slug, lineId);
  }

  @Post(':shop_slug/bulk')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: "Merge the visitor's local cart at sign-in: quantities summed and clamped; changes in adjustments" })
  @ApiAnswer(CartSchema, { errors: [404] })
  bulk(@Param('shop_slug') slug: string, @Body() body: CartLinesDto, @CurrentUser() user: AuthUser): Promise<Cart> {
    return this.carts.merge(user.id, slug, validLines(body));
  }

  @Post(':shop_slug/quote')
  @HttpCode(200)
  @ApiOperation({ summary: "An anonymous visitor's local cart priced and checked; nothing is saved (cart_id null)" })
  @ApiAnswer(CartSchema, { errors: [404] })
  quote(@Param('shop_slug') slug: string, @Body() body: CartLinesDto): Promise<Cart> {
    return this.carts.quote(slug, validLines(body));
  }
}
