import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { StoredBranch } from '../../db/delivery-schema.js';
import { DeliveryErrors } from '../domain/delivery.errors.js';
import { zonesFor } from '../domain/table-rates.js';
import { SupplierSettingsRepository } from '../settings/supplier-settings.repository.js';
import { ShippingBroker, type BrokerRate, type QuoteInput } from './shipping-broker.js';

/**
 * The built-in broker: the shipper's own rate zones (by state or postal-code prefix, the prefix winning) give the
 * price and days, and its branches are the pickup points. A shipper with neither offers no shipping options.
 * The shipment id is a digest of checkout, destination and the settings' revision: asking again gives the same
 * id, changing the zones gives a new one.
 */
@Injectable()
export class TableRateBroker extends ShippingBroker {
  constructor(private readonly settings: SupplierSettingsRepository) {
    super();
  }

  async quote(input: QuoteInput): Promise<BrokerRate[]> {
    const s = await this.settings.find(input.shipperId);
    if (!s || (s.rateZones.length === 0 && s.branches.length === 0)) throw DeliveryErrors.noShippingOptions();
    const shipmentId = `shp_${createHash('sha256')
      .update([input.checkoutId, input.shipperId, s.revision, input.destination.state, input.destination.postalCode ?? ''].join('|'))
      .digest('hex')
      .slice(0, 24)}`;
    return zonesFor(s.rateZones, input.destination).map((z) => ({
      rateId: z.id,
      shipmentId,
      carrier: z.carrier,
      service: z.name,
      priceMinor: z.priceMinor,
      currency: s.currency,
      days: z.days,
    }));
  }

  async branches(shipperId: string): Promise<StoredBranch[]> {
    return (await this.settings.find(shipperId))?.branches ?? [];
  }
}
