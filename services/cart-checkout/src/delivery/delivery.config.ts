import { parseEnv } from '@vitrina/platform';
import { z } from 'zod';
import { SHIPPING_BROKERS, type ShippingBrokerName } from './shipping/shipping-broker.js';

/** Configuration of the delivery part (besides the platform's). Read once at start; bad values stop it. */
export interface DeliveryConfig {
  /** Seed the demo suppliers' settings: SEED_DEMO=true, or unset in development. Never in production. */
  seedDemo: boolean;
  /** Benchmark world (contracts: catalogue-demo.ts): its suppliers and shop owners get settings too. */
  benchItems: number;
  benchShops: number;
  /** SHIPPING_BROKER: which broker quotes rates (only the built-in table-rate broker exists). */
  shippingBroker: ShippingBrokerName;
}

export const DELIVERY_CONFIG = Symbol.for('vitrina.cart-checkout.delivery.config');

export function loadDeliveryConfig(nodeEnv: string, source: NodeJS.ProcessEnv = process.env): DeliveryConfig {
  const parsed = parseEnv(
    {
      SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
      SEED_BENCH_ITEMS: z.coerce.number().int().min(0).max(1_000_000).default(0),
      SEED_BENCH_SHOPS: z.coerce.number().int().min(1).max(10_000).default(50),
      SHIPPING_BROKER: z.enum(SHIPPING_BROKERS).default('table-rate'),
    },
    source,
  );
  return {
    seedDemo:
      nodeEnv !== 'production' &&
      (parsed.SEED_DEMO === undefined ? nodeEnv === 'development' : ['true', '1', 'yes'].includes(parsed.SEED_DEMO)),
    benchItems: nodeEnv === 'production' ? 0 : parsed.SEED_BENCH_ITEMS,
    benchShops: parsed.SEED_BENCH_SHOPS,
    shippingBroker: parsed.SHIPPING_BROKER,
  };
}
