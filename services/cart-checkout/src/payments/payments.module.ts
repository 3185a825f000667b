import { Module } from '@nestjs/common';
import { STOCK_RESERVATIONS, stockReservationsFromEnv } from '../checkout/stock-reservations.js';
import { PaymentController, PaymentWebhooksController, SavedCardsController } from './http/payments.controller.js';
import { OrderCancellationsConsumer } from './events/order-cancellations.consumer.js';
import { ReturnRefundsConsumer } from './events/return-refunds.consumer.js';
import { MembershipPurchasesConsumer } from './events/membership-purchases.consumer.js';
import { ReturnRefunds } from './refunds/return-refunds.js';
import { PaymentJobs } from './jobs/payment-jobs.js';
import { PaymentProviders } from './payment-providers.js';
import { PaymentWebhooks } from './payment-webhooks.js';
import { PAYMENTS_CONFIG, loadPaymentsConfig } from './payments.config.js';
import { PaymentsService } from './payments.service.js';
import { SandboxProvider, SandboxProviderModule } from './providers/sandbox/index.js';
import { StripeProvider, stripeConfigFromEnv } from './providers/stripe/index.js';
import { PaypalProvider, paypalConfigFromEnv } from './providers/paypal/index.js';

/**
 * Payments (issue 12): the attempts service, its routes, webhooks and jobs, and the provider adapters — the sandbox
 * always (its own module: tokeniser, challenge and approval pages, signed webhooks), Stripe and PayPal when their
 * credentials are configured (payments.config.ts chooses which one takes each method).
 */
@Module({
  imports: [SandboxProviderModule],
  controllers: [
    PaymentController,
    SavedCardsController,
    PaymentWebhooksController,
    OrderCancellationsConsumer,
    ReturnRefundsConsumer,
    MembershipPurchasesConsumer,
  ],
  providers: [
    { provide: PAYMENTS_CONFIG, useFactory: () => loadPaymentsConfig() },
    {
      provide: PaymentProviders,
      inject: [SandboxProvider],
      useFactory: (sandbox: SandboxProvider) => {
        const stripe = stripeConfigFromEnv(process.env);
        const paypal = paypalConfigFromEnv(process.env);
        return new PaymentProviders([sandbox, stripe ? new StripeProvider(stripe) : null, paypal ? new PaypalProvider(paypal) : null]);
      },
    },
    { provide: STOCK_RESERVATIONS, useFactory: () => stockReservationsFromEnv() },
    PaymentsService,
    PaymentWebhooks,
    PaymentJobs,
    ReturnRefunds,
  ],
  exports: [PaymentsService, PaymentJobs, ReturnRefunds],
})
export class PaymentsModule {}
