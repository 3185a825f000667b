import { Controller, Get, HttpCode, Param, Put } from '@nestjs/common';
import {
  MembershipSchema,
  PackageListSchema,
  PackagePurchaseSchema,
  PlanListSchema,
  type Membership,
  type PackageList,
  type PackagePurchase,
  type PlanList,
} from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiTags, Idempotent, OwnerPath, PathOwner, type OwnerRef } from '@vitrina/platform';
import { MembershipsService } from '../memberships.service.js';

/** spec 2 §3 'Plan' and 'Package' (issue 16): the lists the landings show; public. */
@ApiTags('accounts')
@Controller('accounts')
export class PlansHttpController {
  constructor(private readonly memberships: MembershipsService) {}

  @Get('plans')
  @ApiOperation({ summary: 'The plans (spec 2 §3 Plan): price, periodicity, commission rate and margin' })
  @ApiAnswer(PlanListSchema)
  plans(): PlanList {
    return { results: this.memberships.plans() };
  }

  @Get('packages')
  @ApiOperation({ summary: 'The packages a user can buy, lightest first, with what each includes' })
  @ApiAnswer(PackageListSchema)
  packages(): PackageList {
    return { results: this.memberships.packages() };
  }
}

/**
 * spec 2 §7 `broker-memberships /{meID}:{key}/...` (issue 16): the caller's membership and a package purchase, whose
 * payment token leads to `/me/payments/{payment_token}`. @OwnerPath refuses (401/403) anyone but the path's user.
 */
@ApiTags('broker-memberships')
@Controller('broker-memberships')
@OwnerPath('me')
export class BrokerMembershipsHttpController {
  constructor(private readonly memberships: MembershipsService) {}

  @Get(':me/membership')
  @ApiOperation({ summary: "The caller's membership: package, status, charge date, rate and any payment waiting" })
  @ApiAnswer(MembershipSchema)
  membership(@PathOwner() me: OwnerRef): Promise<Membership> {
    return this.memberships.membership(me.ownerId);
  }

  @Put(':me/package/:packageId')
  @HttpCode(201)
  @Idempotent()
  @ApiOperation({
    summary: 'Buys a package: answers the payment token of its payment page (a downgrade while a package is active is refused)',
  })
  @ApiAnswer(PackagePurchaseSchema, { status: 201, errors: [404, 409] })
  purchase(@PathOwner() me: OwnerRef, @Param('packageId') packageId: string): Promise<PackagePurchase> {
    return this.memberships.purchase(me.ownerId, packageId);
  }
}
