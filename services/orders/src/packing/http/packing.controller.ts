import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import {
  CollaboratorAccess,
  NotPackedListSchema,
  OrderPackageSchema,
  OrderPackingSchema,
  type NotPackedList,
  type OrderPackage,
  type OrderPacking,
} from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, OwnerPath, PathOwner, ValidationError, type OwnerRef } from '@vitrina/platform';
import { PackingService } from '../packing.service.js';
import { MoveUnitsDto, PackageSizeDto, placeOf } from './packing.dto.js';

const CHANGE_ERRORS = [404, 409];

/**
 * The dropshipping supplier packs an order's lines (spec 3 §7 'Dropshipping supplier', prefix owner):
 * `/franchise/orders/{id}/binpacked` (+ `/{x}`, `/{a}/{b}`) and `/notpacked` (+ `/{x}`). Package numbers are
 * 1-based; in a move, 0 names the not-packed units and one past the last package opens a new one.
 */
@ApiTags('orders: dropshipping supplier')
@ApiRefusals(400)
@Controller('orders')
@OwnerPath('owner')
export class PackingController {
  constructor(private readonly packing: PackingService) {}

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':owner/franchise/orders/:id/binpacked')
  @ApiOperation({ summary: 'The packages of the order and the units in none (a first-fit proposal until the supplier changes it)' })
  @ApiAnswer(OrderPackingSchema, { errors: [404] })
  get(@PathOwner() owner: OwnerRef, @Param('id') id: string): Promise<OrderPacking> {
    return this.packing.get(owner.ownerId, id);
  }

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':owner/franchise/orders/:id/binpacked/:x')
  @ApiOperation({ summary: 'One package of the order' })
  @ApiAnswer(OrderPackageSchema, { errors: [404] })
  package(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Param('x') x: string): Promise<OrderPackage> {
    return this.packing.package(owner.ownerId, id, placeOf(x, 'x'));
  }

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersWork })
  @Patch(':owner/franchise/orders/:id/binpacked/:x')
  @ApiOperation({ summary: "A package's real size and weight (kept until units move in or out of it)" })
  @ApiAnswer(OrderPackageSchema, { errors: CHANGE_ERRORS })
  resize(
    @PathOwner() owner: OwnerRef,
    @Param('id') id: string,
    @Param('x') x: string,
    @Body() body: PackageSizeDto,
  ): Promise<OrderPackage> {
    if ([body.length_cm, body.width_cm, body.height_cm, body.weight_g].every((v) => v === undefined)) {
      throw new ValidationError('Give at least one measure', { length_cm: ['one of length_cm, width_cm, height_cm, weight_g'] });
    }
    return this.packing.resize(owner.ownerId, id, placeOf(x, 'x'), {
      lengthCm: body.length_cm,
      widthCm: body.width_cm,
      heightCm: body.height_cm,
      weightG: body.weight_g,
    });
  }

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersWork })
  @Patch(':owner/franchise/orders/:id/binpacked/:a/:b')
  @ApiOperation({ summary: 'Move units of a line from package a to package b (b = packages + 1 opens one; 0 unpacks them)' })
  @ApiAnswer(OrderPackingSchema, { errors: CHANGE_ERRORS })
  move(
    @PathOwner() owner: OwnerRef,
    @Param('id') id: string,
    @Param('a') a: string,
    @Param('b') b: string,
    @Body() body: MoveUnitsDto,
  ): Promise<OrderPacking> {
    return this.packing.move(owner.ownerId, id, placeOf(a, 'a'), placeOf(b, 'b'), body.line_id, body.quantity);
  }

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':owner/franchise/orders/:id/notpacked')
  @ApiOperation({ summary: 'The units of the order in no package' })
  @ApiAnswer(NotPackedListSchema, { errors: [404] })
  notPacked(@PathOwner() owner: OwnerRef, @Param('id') id: string): Promise<NotPackedList> {
    return this.packing.notPacked(owner.ownerId, id);
  }

  @OwnerPath('owner', { collaborators: CollaboratorAccess.ordersWork })
  @Patch(':owner/franchise/orders/:id/notpacked/:x')
  @ApiOperation({ summary: 'Put not-packed units of a line into package x (packages + 1 opens one)' })
  @ApiAnswer(OrderPackingSchema, { errors: CHANGE_ERRORS })
  pack(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Param('x') x: string, @Body() body: MoveUnitsDto): Promise<OrderPacking> {
    // x = 0 would move the units onto themselves: refused as such (400)
    return this.packing.move(owner.ownerId, id, 0, placeOf(x, 'x'), body.line_id, body.quantity);
  }
}
