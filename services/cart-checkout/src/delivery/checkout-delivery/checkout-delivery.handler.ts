import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import {
  PickupBranchSchema,
  ShippingRateSchema,
  type CheckoutWithToken,
  type PickupBranch,
  type PickupBranchList,
  type ShippingRateList,
} from '@vitrina/contracts';
import { DB, LOGGER, listResponse, type Db } from '@vitrina/platform';
import type { Logger } from 'pino';
import { CheckoutRepository } from '../../checkout/checkout.repository.js';
import type { CheckoutRow } from '../../checkout/checkout.view.js';
import type * as schema from '../../db/schema.js';
import { shippingQuotes } from '../../db/delivery-schema.js';
import { Clock } from '../../shared/clock.js';
import { AddressRepository, toAddress } from '../addresses/address.repository.js';
import { DeliveryErrors, isDomainError } from '../domain/delivery.errors.js';
import type { StoredBranch } from '../domain/delivery.types.js';
import { formatMinor } from '../domain/money.js';
import { scheduledDelivery } from '../domain/scheduled-delivery.js';
import { SupplierSettingsRepository } from '../settings/supplier-settings.repository.js';
import { ShippingBroker, type BrokerRate } from '../shipping/shipping-broker.js';
import type { BrokerDeliveryDto, FixedDeliveryDto, PickupDeliveryDto, RatesQueryDto } from './http/checkout-delivery.dto.js';

/** The party that ships a checkout's parcel: the dropshipping supplier when there is one (spec 3 §3 dssupplier_info). */
const shipperOf = (row: Pick<CheckoutRow, 'supplierId' | 'dssupplierId'>) => row.dssupplierId ?? row.supplierId;

function toBranch(b: StoredBranch): PickupBranch {
  return PickupBranchSchema.parse({
    id: b.id,
    name: b.name,
    address: b.address,
    phone: b.phone,
    state: b.state,
    postal_code: b.postalCode,
  });
}

/**
 * Delivery of a checkout (spec 3 §4 'Checkout flow' step 2): rates from the shipping broker, then broker, fixed or
 * pickup delivery, each making the checkout ready to pay with its token (through the checkout repository, which
 * checks the owner, the expiry and the status). Another user's checkout is not found.
 */
@Injectable()
export class CheckoutDeliveryHandler {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly checkouts: CheckoutRepository,
    private readonly clock: Clock,
    private readonly settings: SupplierSettingsRepository,
    private readonly addresses: AddressRepository,
    private readonly broker: ShippingBroker,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** An open checkout of the user (404 otherwise, 410 once expired). */
  private async openCheckout(checkoutId: string, userId: string): Promise<CheckoutRow> {
    const row = await this.checkouts.loadRow(checkoutId, userId);
    this.checkouts.assertWritable(row);
    return row;
  }

  /** The shipper's pickup branches; a broker failure is a courier failure. */
  private async branchesOf(shipperId: string): Promise<StoredBranch[]> {
    try {
      return await this.broker.branches(shipperId);
    } catch (err) {
      if (isDomainError(err)) throw err;
      this.logger.warn({ err, shipperId }, 'shipping broker failed to list branches');
      throw DeliveryErrors.branchesNotAvailable();
    }
  }

  async rates(userId: string, checkoutId: string, q: RatesQueryDto): Promise<ShippingRateList> {
    const row = await this.openCheckout(checkoutId, userId);
    const shipperId = shipperOf(row);
    let destination: { state: string; postalCode: string | null };
    if (q.agency_id !== undefined) {
      const branch = (await this.branchesOf(shipperId)).find((b) => b.id === q.agency_id);
      if (!branch) throw DeliveryErrors.branchNotFound();
      destination = { state: branch.state, postalCode: branch.postalCode };
    } else if (q.address_id !== undefined) {
      const address = await this.addresses.owned(userId, q.address_id);
      destination = { state: address.state, postalCode: address.postalCode };
    } else {
      throw DeliveryErrors.destinationRequired();
    }
    let rates: BrokerRate[];
    try {
      rates = await this.broker.quote({ checkoutId, shipperId, currency: row.currency, destination });
    } catch (err) {
      if (isDomainError(err)) throw err;
      this.logger.warn({ err, checkoutId, shipperId }, 'shipping broker failed to quote');
      throw DeliveryErrors.courierQuoteFailed();
    }
    if (rates.length === 0) throw DeliveryErrors.noRatesForDestination();
    const byShipment = new Map<string, BrokerRate[]>();
    for (const r of rates) byShipment.set(r.shipmentId, [...(byShipment.get(r.shipmentId) ?? []), r]);
    for (const [shipmentId, quoted] of byShipment) {
      const stored = quoted.map(({ rateId, carrier, service, priceMinor, currency, days }) => ({
        rateId,
        carrier,
        service,
        priceMinor,
        currency,
        days,
      }));
      await this.db
        .insert(shippingQuotes)
        .values({
          shipmentId,
          checkoutId,
          userId,
          addressId: q.agency_id === undefined ? (q.address_id ?? null) : null,
          agencyId: q.agency_id ?? null,
          rates: stored,
        })
        .onConflictDoUpdate({ target: shippingQuotes.shipmentId, set: { rates: stored, createdAt: sql`now()` } });
    }
    return listResponse(
      rates.map((r) =>
        ShippingRateSchema.parse({
          rate_id: r.rateId,
          shipment_id: r.shipmentId,
          carrier: r.carrier,
          service: r.service,
          price: formatMinor(r.priceMinor),
          price_minor: r.priceMinor,
          currency: r.currency,
          days: r.days,
        }),
      ),
      rates.length,
    );
  }

  /** PUT broker: a rate of a quote made for this checkout; the price charged is the quoted one. */
  async brokerDelivery(userId: string, checkoutId: string, body: BrokerDeliveryDto): Promise<CheckoutWithToken> {
    await this.openCheckout(checkoutId, userId);
    const [quote] = await this.db
      .select()
      .from(shippingQuotes)
      .where(
        and(eq(shippingQuotes.shipmentId, body.shipment_id), eq(shippingQuotes.checkoutId, checkoutId), eq(shippingQuotes.userId, userId)),
      )
      .limit(1);
    const rate = quote?.rates.find((r) => r.rateId === body.rate_id);
    if (!quote || !rate) throw DeliveryErrors.rateNotFound();
    const address = quote.addressId ? toAddress(await this.addresses.owned(userId, quote.addressId)) : null;
    const attribution = {
      ...(body.referral !== undefined ? { referral: body.referral } : {}),
      ...(body.campaign !== undefined ? { campaign: body.campaign } : {}),
      ...(body.click_id !== undefined ? { clickId: body.click_id } : {}),
    };
    if (Object.keys(attribution).length > 0) await this.checkouts.update(checkoutId, userId, async () => attribution);
    return this.checkouts.setDelivery(
      checkoutId,
      userId,
      {
        type: 'broker',
        rate_id: rate.rateId,
        shipment_id: quote.shipmentId,
        ...(quote.agencyId ? { agency_id: quote.agencyId } : {}),
        carrier: rate.carrier,
        service: rate.service,
        days: rate.days,
      },
      rate.priceMinor,
      address,
    );
  }

  /** PUT fixed_delivery: the shipper's fixed cost and days to a saved address (date and time when scheduled). */
  async fixedDelivery(userId: string, checkoutId: string, body: FixedDeliveryDto): Promise<CheckoutWithToken> {
    const row = await this.openCheckout(checkoutId, userId);
    const s = await this.settings.find(shipperOf(row));
    if (!s || s.fixedShippingCostMinor === null || s.fixedShippingDays === null) throw DeliveryErrors.fixedDeliveryNotAvailable();
    const address = toAddress(await this.addresses.owned(userId, body.address_id));
    const schedule = scheduledDelivery(s.scheduledDelivery, body.scheduled_date, body.scheduled_time, this.clock.now());
    return this.checkouts.setDelivery(
      checkoutId,
      userId,
      { type: 'fixed', days: s.fixedShippingDays, ...schedule },
      s.fixedShippingCostMinor,
      address,
    );
  }

  /** PUT pickup: at one of the shipper's branches, free; the checkout keeps no delivery address. */
  async pickupDelivery(userId: string, checkoutId: string, body: PickupDeliveryDto): Promise<CheckoutWithToken> {
    const row = await this.openCheckout(checkoutId, userId);
    const branches = await this.branchesOf(shipperOf(row));
    if (branches.length === 0) throw DeliveryErrors.branchesNotAvailable();
    const branch = branches.find((b) => b.id === body.agency_id);
    if (!branch) throw DeliveryErrors.branchNotFound();
    return this.checkouts.setDelivery(checkoutId, userId, { type: 'pickup', agency_id: branch.id, days: 0 }, 0, null);
  }

  /** GET correosar_branches: where this checkout's parcel may be picked up (a read: works on an expired checkout). */
  async branches(userId: string, checkoutId: string): Promise<PickupBranchList> {
    const row = await this.checkouts.loadRow(checkoutId, userId);
    const branches = await this.branchesOf(shipperOf(row));
    if (branches.length === 0) throw DeliveryErrors.branchesNotAvailable();
    return listResponse(branches.map(toBranch), branches.length);
  }
}
