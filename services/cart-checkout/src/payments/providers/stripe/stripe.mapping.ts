import { PaymentErrorCodes, PaymentLimits, type PaymentMethod } from '@vitrina/contracts';
import type Stripe from 'stripe';
import type { ProviderCard, ProviderPayment } from '../../domain/payment-provider.js';

/**
 * Stripe's vocabulary → ours (issue 12; spec 3 §3 'Payment metadata', §8 'Payments'). Pure functions: what they
 * answer is recomputable from the PaymentIntent alone, so a retrieve heals a crash between Stripe's answer and our write.
 */

/** The PaymentIntent metadata keys we write: the webhook finds the attempt by them. */
export const METADATA = { attemptId: 'attempt_id', checkoutId: 'checkout_id', userId: 'user_id', expiresAt: 'expires_at' } as const;

/** Our method from the PaymentIntent's payment method types. */
export function methodOfIntent(intent: Pick<Stripe.PaymentIntent, 'payment_method_types' | 'allowed_payment_method_types'>): PaymentMethod {
  const types: string[] = [...(intent.payment_method_types ?? []), ...(intent.allowed_payment_method_types ?? [])];
  if (types.includes('oxxo')) return 'cash';
  if (types.includes('customer_balance')) return 'spei';
  return 'card';
}

/** What a Stripe decline or error says, as one of PaymentErrorCodes (spec 3 §8 'Payments'). */
export function failureCode(error: { code?: string | null; decline_code?: string | null; param?: string | null }): string {
  if (isInstalmentsRefusal(error)) return PaymentErrorCodes.instalmentsNotAccepted;
  const decline = error.decline_code ?? '';
  const code = error.code ?? '';
  if (decline === 'insufficient_funds') return PaymentErrorCodes.insufficientFunds;
  if (decline === 'do_not_honor' || decline === 'generic_decline') return PaymentErrorCodes.doNotHonor;
  if (decline === 'expired_card' || code === 'expired_card') return PaymentErrorCodes.expiredCard;
  if (decline === 'authentication_required' || decline === 'call_issuer' || code === 'payment_intent_authentication_failure') {
    return PaymentErrorCodes.contactBank;
  }
  if (
    ['incorrect_number', 'invalid_number', 'incorrect_cvc', 'invalid_cvc', 'invalid_expiry_month', 'invalid_expiry_year'].includes(code)
  ) {
    return PaymentErrorCodes.invalidCard;
  }
  return PaymentErrorCodes.attemptFailed;
}

/** Stripe refuses an MSI plan the card cannot take (a debit card, an issuer without that plan) naming the installments option. */
export function isInstalmentsRefusal(error: { code?: string | null; param?: string | null }): boolean {
  return (error.param ?? '').startsWith('payment_method_options[card][installments]') || /installment/i.test(error.code ?? '');
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function cardOf(intent: Stripe.PaymentIntent): ProviderCard | undefined {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const fromCharge = charge?.payment_method_details?.card;
  const fromMethod = method?.card;
  const source = fromCharge ?? fromMethod;
  if (!source) return undefined;
  const card: ProviderCard = {
    brand: source.brand ?? '',
    last4: source.last4 ?? '',
    type: source.funding === 'debit' ? 'debit' : 'credit',
    bank: source.issuer ?? fromMethod?.issuer ?? '',
    expMonth: source.exp_month,
    expYear: source.exp_year,
    name: method?.billing_details?.name ?? charge?.billing_details?.name ?? '',
  };
  // A card kept at Stripe is its PaymentMethod attached to a Customer (setup_future_usage).
  const methodId = idOf(intent.payment_method);
  if (intent.setup_future_usage && methodId && intent.customer) card.reusableRef = methodId;
  return card;
}

function expiresAtOf(intent: Stripe.PaymentIntent, windowSeconds: number): Date {
  const written = intent.metadata?.[METADATA.expiresAt];
  const at = written ? new Date(written) : null;
  return at && !Number.isNaN(at.getTime()) ? at : new Date((intent.created + windowSeconds) * 1000);
}

/** A PaymentIntent (expanded or not) as the port's ProviderPayment. */
export function paymentOfIntent(intent: Stripe.PaymentIntent): ProviderPayment {
  const method = methodOfIntent(intent);
  const payment: ProviderPayment = { ref: intent.id, status: 'processing', chargeId: null };
  const card = method === 'card' ? cardOf(intent) : undefined;
  if (card) payment.card = card;
  const next = intent.next_action;
  switch (intent.status) {
    case 'succeeded':
      payment.status = 'succeeded';
      payment.chargeId = idOf(intent.latest_charge);
      break;
    case 'processing':
    case 'requires_capture':
    case 'requires_confirmation':
      // We confirm on create and capture automatically: these are Stripe still working.
      payment.status = 'processing';
      break;
    case 'requires_action':
      if (next?.oxxo_display_details) {
        // The shopper pays at the counter: waiting on them, with the voucher to show.
        const details = next.oxxo_display_details;
        payment.status = 'processing';
        payment.voucher = {
          reference: details.number ?? '',
          barcode: details.number ?? '',
          expiresAt: details.expires_after
            ? new Date(details.expires_after * 1000)
            : expiresAtOf(intent, PaymentLimits.voucherWindowSeconds),
          stores: ['OXXO'],
        };
      } else if (next?.display_bank_transfer_instructions) {
        const instructions = next.display_bank_transfer_instructions;
        const spei = instructions.financial_addresses?.find((a) => a.type === 'spei')?.spei;
        payment.status = 'processing';
        payment.bankTransfer = {
          clabe: spei?.clabe ?? '',
          reference: instructions.reference ?? '',
          bank: spei?.bank_name ?? '',
          beneficiary: spei?.account_holder_name ?? '',
          expiresAt: expiresAtOf(intent, PaymentLimits.bankTransferWindowSeconds),
        };
      } else {
        payment.status = 'requires_action';
        const url = next?.redirect_to_url?.url;
        if (url) payment.action = { kind: '3ds', url };
      }
      break;
    case 'requires_payment_method': {
      // A card declined (or failed 3-D Secure); a voucher or transfer not paid in time.
      if (method !== 'card') {
        payment.status = 'expired';
        break;
      }
      const error = intent.last_payment_error;
      payment.status = 'failed';
      payment.failure = {
        code: error ? failureCode(error) : PaymentErrorCodes.attemptFailed,
        message: error?.message ?? 'Payment attempt failed',
      };
      break;
    }
    case 'canceled':
      payment.status = 'canceled';
      break;
    default:
      payment.status = 'processing';
  }
  return payment;
}
