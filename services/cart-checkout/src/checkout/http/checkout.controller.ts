import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { CheckoutPublicSlugSchema, CheckoutSchema, type Checkout, type CheckoutPublicSlug } from '@vitrina/contracts';
import { ApiOperation, ApiTags, ApiAnswer, ApiRefusals, Authenticated, CurrentUser, Idempotent, type AuthUser } from '@vitrina/platform';
import { cartOrderId } from '../../carts/domain/cart.rules.js';
import { CheckoutPageService } from '../checkout-page.service.js';
import { CheckoutService } from '../checkout.service.js';
import { AttendeesDto, ContactDto, CreateCheckoutDto, CreateSubCheckoutDto, InstantCheckoutDto } from './checkout.dto.js';

const options = (b: CreateSubCheckoutDto | InstantCheckoutDto) => ({
  referral: b.referral,
  campaign: b.campaign,
  click_id: b.click_id,
  to_replace: b.to_replace,
});

/** Checkout creation from a cart order (issue 11; spec 3 §4 steps 1 and 5, §7). */
@ApiTags('checkout')
@ApiRefusals(400)
@Authenticated()
@Controller('shopping-carts')
export class ShoppingCartsController {
  constructor(private readonly checkouts: CheckoutService) {}

  @Post(':cart_id/checkout')
  @Idempotent()
  @ApiOperation({ summary: "Check out one cart order (supplier_id, dssupplier_id): reserves its stock until the checkout's expiry" })
  @ApiAnswer(CheckoutSchema, { status: 201, errors: [404, 409, 503] })
  create(@Param('cart_id') cartId: string, @Body() body: CreateCheckoutDto, @CurrentUser() user: AuthUser): Promise<Checkout> {
    return this.checkouts.fromCart(user.id, cartId, cartOrderId(body.supplier_id, body.dssupplier_id ?? null), options(body));
  }

  @Post(':cart_id/:sub/checkout')
  @Idempotent()
  @ApiOperation({ summary: 'Check out the cart order named in the path (its id: supplier or supplier:dssupplier)' })
  @ApiAnswer(CheckoutSchema, { status: 201, errors: [404, 409, 503] })
  createSub(
    @Param('cart_id') cartId: string,
    @Param('sub') sub: string,
    @Body() body: CreateSubCheckoutDto,
    @CurrentUser() user: AuthUser,
  ): Promise<Checkout> {
    return this.checkouts.fromCart(user.id, cartId, sub, options(body));
  }
}

/** The checkout page's own calls: `/checkout/...` (delivery routes live in the delivery folder). */
@ApiTags('checkout')
@ApiRefusals(400)
@Authenticated()
@Controller('checkout')
export class CheckoutController {
  constructor(
    private readonly checkouts: CheckoutService,
    private readonly page: CheckoutPageService,
  ) {}

  @Post('instant')
  @Idempotent()
  @ApiOperation({ summary: "'Comprar ahora': a one-line checkout of an item, the cart untouched" })
  @ApiAnswer(CheckoutSchema, { status: 201, errors: [404, 409, 503] })
  instant(@Body() body: InstantCheckoutDto, @CurrentUser() user: AuthUser): Promise<Checkout> {
    return this.checkouts.instant(user.id, body.shop_slug, body.item_id, body.amount, options(body), body.variant);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A checkout of the signed-in shopper (status expired once its time ran out)' })
  @ApiAnswer(CheckoutSchema, { errors: [404] })
  get(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<Checkout> {
    return this.page.get(id, user.id);
  }

  @Put(':id/contact')
  @ApiOperation({ summary: 'Contact: name, e-mail, phone (whitespace removed; length per country, spec 3 §5)' })
  @ApiAnswer(CheckoutSchema, { errors: [404, 409, 410] })
  contact(@Param('id') id: string, @Body() body: ContactDto, @CurrentUser() user: AuthUser): Promise<Checkout> {
    return this.page.setContact(id, user.id, body);
  }

  @Put(':id/attendees')
  @ApiOperation({ summary: 'Attendees of the experience tickets: one per ticket' })
  @ApiAnswer(CheckoutSchema, { errors: [404, 409, 410] })
  attendees(@Param('id') id: string, @Body() body: AttendeesDto, @CurrentUser() user: AuthUser): Promise<Checkout> {
    return this.page.setAttendees(id, user.id, body.attendees);
  }

  @Post(':id/share_checkout')
  @ApiOperation({ summary: 'A public slug to share the checkout; a second call answers slug_public_was_alrready_generated' })
  @ApiAnswer(CheckoutPublicSlugSchema, { status: 201, errors: [404, 409, 410] })
  share(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<CheckoutPublicSlug> {
    return this.page.share(id, user.id);
  }
}
