import { Module } from '@nestjs/common';
import { SandboxOfflinePayController } from './http/sandbox-offline-pay.controller.js';
import { SandboxPagesController } from './http/sandbox-pages.controller.js';
import { SandboxTokensController } from './http/sandbox-tokens.controller.js';
import { SandboxBooks } from './sandbox.books.js';
import { SANDBOX_CONFIG, loadSandboxConfig } from './sandbox.config.js';
import { SandboxProvider } from './sandbox.provider.js';
import { SandboxShopperActions } from './sandbox-shopper.actions.js';
import { SandboxWebhookDispatcher } from './sandbox-webhook.dispatcher.js';

/**
 * The sandbox payment provider (issue 12): the adapter (SandboxProvider), the shopper's side of the provider
 * (tokeniser, 3-D Secure and approval pages, voucher and transfer pages) and its webhook dispatcher. Needs the
 * platform (DB, LOGGER) and the service's Clock (CheckoutCoreModule) from the importing module.
 */
@Module({
  controllers: [SandboxTokensController, SandboxOfflinePayController, SandboxPagesController],
  providers: [
    { provide: SANDBOX_CONFIG, useFactory: () => loadSandboxConfig() },
    SandboxBooks,
    SandboxProvider,
    SandboxShopperActions,
    SandboxWebhookDispatcher,
  ],
  exports: [SandboxProvider, SandboxWebhookDispatcher, SANDBOX_CONFIG],
})
export class SandboxProviderModule {}
