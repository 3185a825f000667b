import { Inject, Injectable } from '@nestjs/common';
import { PAYMENT_METHODS, PaymentErrorCodes, type PaymentMethod, type PaymentProviderName } from '@vitrina/contracts';
import { Clock } from '../../../shared/clock.js';
import {
  ProviderRequestError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderWebhookEvent,
  type StartPaymentRequest,
} from '../../domain/payment-provider.js';
import { CANCELABLE, isOverdue, paymentFromJson, paymentView, succeed, type SandboxWebhookPayload } from './domain/sandbox-payment.js';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from './domain/sandbox-signature.js';
import { SandboxBooks, type SandboxEntry } from './sandbox.books.js';
import { SANDBOX_CONFIG, type SandboxConfig } from './sandbox.config.js';

const notFound = (ref: string) => new ProviderRequestError(`No sandbox payment ${ref.slice(0, 64)}`, PaymentErrorCodes.paymentNotFound);

/**
 * The sandbox payment provider (issue 12): a faithful stand-in for an outside provider, the default in embedded mode
 * and in tests, so every method can be paid end to end with no account anywhere. Its state lives in its own tables
 * (sandbox.books.ts); the shopper's side (tokeniser, 3-D Secure and approval pages, paying a voucher or a transfer)
 * is served by its controllers; its webhooks are sent by SandboxWebhookDispatcher.
 */
@Injectable()
export class SandboxProvider implements PaymentProvider {
  readonly name: PaymentProviderName = 'sandbox';

  constructor(
    private readonly books: SandboxBooks,
    private readonly clock: Clock,
    @Inject(SANDBOX_CONFIG) private readonly config: SandboxConfig,
  ) {}

  supports(method: PaymentMethod): boolean {
    return (PAYMENT_METHODS as readonly string[]).includes(method);
  }

  async start(request: StartPaymentRequest): Promise<ProviderPayment> {
    return view(await this.books.start(request));
  }

  /** The stored state; a voucher or transfer past its deadline is expired now (and that is recorded). */
  async retrieve(ref: string): Promise<ProviderPayment> {
    const entry = await this.books.find(ref);
    if (!entry) throw notFound(ref);
    if (!isOverdue(entry.row, this.clock.now())) return view(entry);
    return view(await this.expire(ref));
  }

  /** Takes an approved redirect payment (PayPal's capture); anything else answers its state. */
  async complete(ref: string, _idempotencyKey: string): Promise<ProviderPayment> {
    const entry = await this.books.transition(ref, (row, now) =>
      row.status === 'approved' ? succeed(row) : isOverdue(row, now) ? { status: 'expired' } : null,
    );
    if (!entry) throw notFound(ref);
    return view(entry);
  }

  async cancel(ref: string): Promise<void> {
    const entry = await this.books.transition(ref, (row) => (CANCELABLE.includes(row.status) ? { status: 'canceled' } : null));
    if (!entry) throw notFound(ref);
  }

  async refund(ref: string, amountMinor: number, idempotencyKey: string): Promise<ProviderRefund> {
    const entry = await this.books.refund(ref, amountMinor, idempotencyKey);
    if (!entry) throw notFound(ref);
    return { id: `re_${entry.row.id}`, status: 'succeeded' };
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderWebhookEvent> {
    const secret = this.config.webhookSecret;
    if (!secret) throw new WebhookSignatureError('SANDBOX_WEBHOOK_SECRET is not set: sandbox webhooks cannot be verified');
    verifySandboxSignature(rawBody, headers[SANDBOX_SIGNATURE_HEADER], secret, Math.floor(this.clock.now().getTime() / 1000));
    let payload: SandboxWebhookPayload;
    try {
      payload = JSON.parse(rawBody.toString('utf8')) as SandboxWebhookPayload;
    } catch {
      throw new WebhookSignatureError('The sandbox webhook body is not JSON');
    }
    if (typeof payload?.id !== 'string' || typeof payload.type !== 'string' || typeof payload.data !== 'object' || !payload.data) {
      throw new WebhookSignatureError('The sandbox webhook body is not an event');
    }
    const isPaymentChange = payload.type.startsWith('payment.') && typeof payload.data.payment?.ref === 'string';
    return {
      id: payload.id,
      type: payload.type,
      attemptId: typeof payload.data.attempt_id === 'string' ? payload.data.attempt_id : null,
      // a refund event is acknowledged but carries no state change of the payment
      payment: isPaymentChange ? paymentFromJson(payload.data.payment) : null,
    };
  }

  private async expire(ref: string): Promise<SandboxEntry> {
    const entry = await this.books.transition(ref, (row, now) => (isOverdue(row, now) ? { status: 'expired' } : null));
    if (!entry) throw notFound(ref);
    return entry;
  }
}

function view(entry: SandboxEntry): ProviderPayment {
  return paymentView(entry.row, entry.token);
}
