import type { TrackingStatus } from '@vitrina/contracts';

/**
 * Shipment tracking behind a port (issue 13): a carrier or broker adapter creates the shipment's label when the order
 * is ready to deliver and reports where the parcel is. The orders service moves the order by what it reports
 * (In transit, Delivered: actor system) and shows 'tracking failure' when the provider cannot tell.
 */
export interface TrackingProvider {
  readonly name: string;
  createShipment(order: { id: string; checkoutId: string }, at: Date): Promise<{ trackingNumber: string; trackingUrl: string }>;
  status(shipment: { trackingNumber: string; createdAt: Date }, now: Date): Promise<TrackingStatus>;
}

export const TRACKING_PROVIDER = Symbol.for('orders.tracking-provider');

/**
 * The built-in broker: its shipments go label created → in transit → delivered as time passes on the service's
 * clock (TRACKING_TRANSIT_SECONDS, default 120; TRACKING_DELIVERY_SECONDS, default 600), so the demo and the tests
 * see the whole journey without a carrier. Its tracking page is the orders service's public tracking route.
 */
export class BuiltInTracking implements TrackingProvider {
  readonly name = 'vitrina';

  constructor(
    private readonly transitSeconds: number,
    private readonly deliverySeconds: number,
  ) {}

  async createShipment(order: { id: string }): Promise<{ trackingNumber: string; trackingUrl: string }> {
    const trackingNumber = `VT${order.id.replace(/-/g, '').slice(-12).toUpperCase()}`;
    return { trackingNumber, trackingUrl: `/api/orders/tracking/${trackingNumber}` };
  }

  async status(shipment: { createdAt: Date }, now: Date): Promise<TrackingStatus> {
    const seconds = (now.getTime() - shipment.createdAt.getTime()) / 1000;
    if (seconds >= this.deliverySeconds) return 'delivered';
    if (seconds >= this.transitSeconds) return 'in_transit';
    return 'label_created';
  }
}

export function trackingFromEnv(env: NodeJS.ProcessEnv = process.env): TrackingProvider {
  const seconds = (name: string, fallback: number) => {
    const n = Number(env[name]);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  return new BuiltInTracking(seconds('TRACKING_TRANSIT_SECONDS', 120), seconds('TRACKING_DELIVERY_SECONDS', 600));
}
