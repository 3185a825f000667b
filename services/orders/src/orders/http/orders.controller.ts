import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import {
  CollaboratorAccess,
  OrderSummaryListSchema,
  PurchaseOrderSchema,
  type OrderSummaryList,
  type PurchaseOrder,
} from '@vitrina/contracts';
import {
  ApiAnswer,
  ApiOperation,
  ApiRefusals,
  ApiTags,
  DomainError,
  Idempotent,
  OwnerPath,
  PathOwner,
  type OwnerRef,
} from '@vitrina/platform';
import { OrderAccess, type OrderSide } from '../order-access.js';
import { OrderActions } from '../order-actions.js';
import { OrderPlacement } from '../order-placement.js';
import { OrderQueries } from '../order-queries.js';
import { OrderView } from '../order.view.js';
import { CancelOrderDto, OrderListQueryDto, PlaceOrderDto, QuoteDto, SellerNextDto, SellerOrderListQueryDto } from './orders.dto.js';

const ACTION_ERRORS = [403, 404, 409];

/**
 * The customer's orders (spec 3 §7 'Customer API', prefix `/{me}:{me}`): list, place, detail, next, confirm,
 * cancel. Only the order's customer (404 for anyone else); every action is an Idempotency-Key write.
 */
@ApiTags('orders')
@ApiRefusals(400)
@Controller('orders')
@OwnerPath('me')
export class CustomerOrdersController {
  constructor(
    private readonly access: OrderAccess,
    private readonly placement: OrderPlacement,
    private readonly actions: OrderActions,
    private readonly queries: OrderQueries,
    private readonly view: OrderView,
  ) {}

  @Get(':me/orders')
  @ApiOperation({ summary: "The customer's purchases, newest first" })
  @ApiAnswer(OrderSummaryListSchema)
  list(@PathOwner() me: OwnerRef, @Query() q: OrderListQueryDto): Promise<OrderSummaryList> {
    return this.queries.customer(me.ownerId, q);
  }

  @Post(':me/orders')
  @Idempotent()
  @ApiOperation({
    summary:
      "Place the order of a checkout: a paid checkout's order (made now if its payment event has not arrived), or a ready one paid later",
  })
  @ApiAnswer(PurchaseOrderSchema, { status: 201, errors: [404, 409, 422, 503] })
  async place(@PathOwner() me: OwnerRef, @Body() body: PlaceOrderDto): Promise<PurchaseOrder> {
    const id = await this.placement.place(me.ownerId, {
      checkoutId: body.checkout_id,
      supplierId: body.supplier_id,
      paymentType: body.payment_type,
    });
    return this.view.of(await this.access.as('customer', id, me.ownerId), 'customer');
  }

  @Get(':me/orders/by-checkout/:checkoutId')
  @ApiOperation({ summary: 'The order made of a checkout (404 until it exists: the paid page polls it)' })
  @ApiAnswer(PurchaseOrderSchema, { errors: [404] })
  async byCheckout(@PathOwner() me: OwnerRef, @Param('checkoutId') checkoutId: string): Promise<PurchaseOrder> {
    const id = await this.access.idByCheckout(checkoutId);
    if (!id) throw new DomainError('order_not_found', 'Order not found', 404);
    return this.view.forParty(id, me.ownerId, 'customer');
  }

  @Get(':me/orders/:id')
  @ApiOperation({ summary: 'One of the customer’s orders' })
  @ApiAnswer(PurchaseOrderSchema, { errors: [404] })
  get(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<PurchaseOrder> {
    return this.view.forParty(id, me.ownerId, 'customer');
  }

  @Post(':me/orders/:id/next')
  @Idempotent()
  @ApiOperation({ summary: 'The customer advances the order (accepts the quote, confirms receipt)' })
  @ApiAnswer(PurchaseOrderSchema, { status: 201, errors: ACTION_ERRORS })
  async next(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<PurchaseOrder> {
    return this.actions.actAndShow('customer', id, me.ownerId, 'next');
  }

  @Post(':me/orders/:id/confirm')
  @Idempotent()
  @ApiOperation({ summary: "The customer confirms the seller's quote (estimated delivery date and shipping cost)" })
  @ApiAnswer(PurchaseOrderSchema, { status: 201, errors: ACTION_ERRORS })
  async confirm(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<PurchaseOrder> {
    return this.actions.actAndShow('customer', id, me.ownerId, 'confirm');
  }

  @Delete(':me/orders/:id')
  @Idempotent()
  @ApiOperation({ summary: 'The customer cancels the order (a prepaid one is refunded, its stock returns)' })
  @ApiAnswer(PurchaseOrderSchema, { errors: ACTION_ERRORS })
  async cancel(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: CancelOrderDto): Promise<PurchaseOrder> {
    return this.actions.actAndShow('customer', id, me.ownerId, 'cancel', {
      reason: body?.reason ?? 'requested_by_client',
      message: body?.message,
    });
  }
}

/** The seller's side, shared by the supplier and the dropshipping-supplier routes. */
abstract class SellerOrdersBase {
  protected abstract readonly side: OrderSide | 'seller';

  constructor(
    protected readonly access: OrderAccess,
    protected readonly actions: OrderActions,
    protected readonly queries: OrderQueries,
    protected readonly view: OrderView,
  ) {}

  protected detail(id: string, userId: string): Promise<PurchaseOrder> {
    return this.view.forParty(id, userId, this.side);
  }

  protected async move(
    id: string,
    userId: string,
    action: 'next' | 'confirm' | 'cancel',
    body: SellerNextDto & CancelOrderDto,
  ): Promise<PurchaseOrder> {
    return this.actions.actAndShow(this.side, id, userId, action, {
      estimatedDeliveryDate: body?.estimated_delivery_date,
      shippingCostMinor: body?.shipping_cost_minor,
      trackingNumber: body?.tracking_number,
      trackingUrl: body?.tracking_url,
      reason: body?.reason ?? (action === 'cancel' ? 'cannot_be_fulfilled' : undefined),
      message: body?.message,
    });
  }
}

/**
 * The supplier's orders (spec 3 §7 'Supplier admin': POST /admin/suppliers/{me}/orders/{id}/next). The list holds
 * every order the user sells, as supplier or as dropshipping supplier; actions act on the user's side of the order.
 */
@ApiTags('orders: seller')
@ApiRefusals(400)
@Controller('orders/admin/suppliers')
@OwnerPath('me')
export class SupplierOrdersController extends SellerOrdersBase {
  protected readonly side = 'seller' as const;

  constructor(access: OrderAccess, actions: OrderActions, queries: OrderQueries, view: OrderView) {
    super(access, actions, queries, view);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':me/orders')
  @ApiOperation({ summary: 'The orders the user sells (supplier or dropshipping supplier), newest first; filters by state and dates' })
  @ApiAnswer(OrderSummaryListSchema)
  list(@PathOwner() me: OwnerRef, @Query() q: SellerOrderListQueryDto): Promise<OrderSummaryList> {
    return this.queries.seller(me.ownerId, q);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':me/orders/:id')
  @ApiOperation({ summary: 'One order the user sells' })
  @ApiAnswer(PurchaseOrderSchema, { errors: [404] })
  get(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<PurchaseOrder> {
    return this.detail(id, me.ownerId);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersWork })
  @Post(':me/orders/:id/next')
  @Idempotent()
  @ApiOperation({ summary: 'The seller advances the order (ready to deliver, shipped, paid, delivered)' })
  @ApiAnswer(PurchaseOrderSchema, { status: 201, errors: ACTION_ERRORS })
  next(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: SellerNextDto): Promise<PurchaseOrder> {
    return this.move(id, me.ownerId, 'next', body);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersWork })
  @Post(':me/orders/:id/confirm')
  @Idempotent()
  @ApiOperation({ summary: 'The seller confirms a pay-later order with an estimated delivery date and a shipping cost' })
  @ApiAnswer(PurchaseOrderSchema, { status: 201, errors: ACTION_ERRORS })
  confirm(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: QuoteDto): Promise<PurchaseOrder> {
    return this.move(id, me.ownerId, 'confirm', body);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersWork })
  @Delete(':me/orders/:id')
  @Idempotent()
  @ApiOperation({ summary: 'The seller cancels the order with a reason (a prepaid one is refunded, its stock returns)' })
  @ApiAnswer(PurchaseOrderSchema, { errors: ACTION_ERRORS })
  cancel(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: CancelOrderDto): Promise<PurchaseOrder> {
    return this.move(id, me.ownerId, 'cancel', body);
  }
}

/** The dropshipping supplier's orders (spec 3 §7 'Dropshipping supplier', prefix owner: /dssupplier/orders/{id}/next, DELETE). */
@ApiTags('orders: dropshipping supplier')
@ApiRefusals(400)
@Controller('orders')
@OwnerPath('owner')
export class DssupplierOrdersController extends SellerOrdersBase {
  protected readonly side = 'dssupplier' as const;

  constructor(access: OrderAccess, actions: OrderActions, queries: OrderQueries, view: OrderView) {
    super(access, actions, queries, view);
  }

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':owner/dssupplier/orders')
  @ApiOperation({ summary: 'The orders the user ships as dropshipping supplier, newest first' })
  @ApiAnswer(OrderSummaryListSchema)
  list(@PathOwner() owner: OwnerRef, @Query() q: SellerOrderListQueryDto): Promise<OrderSummaryList> {
    return this.queries.dssupplier(owner.ownerId, q);
  }

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':owner/dssupplier/orders/:id')
  @ApiOperation({ summary: 'One order the user ships as dropshipping supplier' })
  @ApiAnswer(PurchaseOrderSchema, { errors: [404] })
  get(@PathOwner() owner: OwnerRef, @Param('id') id: string): Promise<PurchaseOrder> {
    return this.detail(id, owner.ownerId);
  }

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersWork })
  @Post(':owner/dssupplier/orders/:id/next')
  @Idempotent()
  @ApiOperation({ summary: 'The dropshipping supplier advances the order' })
  @ApiAnswer(PurchaseOrderSchema, { status: 201, errors: ACTION_ERRORS })
  next(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Body() body: SellerNextDto): Promise<PurchaseOrder> {
    return this.move(id, owner.ownerId, 'next', body);
  }

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersWork })
  @Post(':owner/dssupplier/orders/:id/confirm')
  @Idempotent()
  @ApiOperation({ summary: 'The dropshipping supplier confirms a pay-later order with its quote' })
  @ApiAnswer(PurchaseOrderSchema, { status: 201, errors: ACTION_ERRORS })
  confirm(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Body() body: QuoteDto): Promise<PurchaseOrder> {
    return this.move(id, owner.ownerId, 'confirm', body);
  }

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersWork })
  @Delete(':owner/dssupplier/orders/:id')
  @Idempotent()
  @ApiOperation({ summary: 'The dropshipping supplier cancels the order with a reason' })
  @ApiAnswer(PurchaseOrderSchema, { errors: ACTION_ERRORS })
  cancel(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Body() body: CancelOrderDto): Promise<PurchaseOrder> {
    return this.move(id, owner.ownerId, 'cancel', body);
  }
}
