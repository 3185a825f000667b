import { DomainError } from '@vitrina/platform';
import { PaymentErrorCodes, type PaymentProviderName } from '@vitrina/contracts';
import type { PaymentProvider } from './domain/payment-provider.js';

/** The adapters this process has (the sandbox always; Stripe and PayPal when configured). */
export const PAYMENT_PROVIDER_REGISTRY = Symbol.for('cart-checkout.payment-providers');

export class PaymentProviders {
  private readonly byName = new Map<string, PaymentProvider>();

  constructor(providers: Array<PaymentProvider | null>) {
    for (const p of providers) if (p) this.byName.set(p.name, p);
  }

  get(name: string): PaymentProvider {
    const provider = this.byName.get(name);
    if (!provider) throw new DomainError(PaymentErrorCodes.unknownProvider, `The payment provider ${name} is not configured`, 404);
    return provider;
  }

  has(name: string): name is PaymentProviderName {
    return this.byName.has(name);
  }
}
