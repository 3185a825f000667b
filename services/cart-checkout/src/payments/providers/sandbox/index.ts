/** The sandbox payment provider (issue 12): what the service module and the tests use of it. */
export { SandboxProviderModule } from './sandbox.module.js';
export { SandboxProvider } from './sandbox.provider.js';
export { SandboxWebhookDispatcher } from './sandbox-webhook.dispatcher.js';
export { SANDBOX_CONFIG, loadSandboxConfig, type SandboxConfig } from './sandbox.config.js';
export { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook, verifySandboxSignature } from './domain/sandbox-signature.js';
export { SANDBOX_PUBLIC_PREFIX, type SandboxWebhookPayload } from './domain/sandbox-payment.js';
export { clabeValid } from './domain/sandbox-references.js';
export { duePayments, paymentsWithToken } from './sandbox.books.js';
