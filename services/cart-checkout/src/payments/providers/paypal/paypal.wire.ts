/**
 * PayPal's REST wire format, only the fields this adapter reads or writes (developer.paypal.com: Orders v2,
 * Payments v2, Notifications v1, OAuth2). Names stay as PayPal spells them.
 */

/** POST /v1/oauth2/token (grant_type=client_credentials). */
export interface PaypalTokenResponse {
  access_token: string;
  token_type: string;
  /** Seconds. */
  expires_in: number;
  scope?: string;
  app_id?: string;
  nonce?: string;
}

export interface PaypalMoney {
  currency_code: string;
  /** A decimal string: '123.45' (no floats on the wire). */
  value: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

/** Orders v2 order statuses. */
export type PaypalOrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

/** Payments v2 capture statuses. */
export type PaypalCaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface PaypalCapture {
  id: string;
  status: PaypalCaptureStatus;
  status_details?: { reason?: string };
  amount?: PaypalMoney;
  final_capture?: boolean;
  custom_id?: string;
  invoice_id?: string;
  /** Present on the PAYMENT.CAPTURE.* webhook resource: the order the capture belongs to. */
  supplementary_data?: { related_ids?: { order_id?: string } };
  links?: PaypalLink[];
  create_time?: string;
  update_time?: string;
}

export interface PaypalPurchaseUnit {
  reference_id?: string;
  amount?: PaypalMoney;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  payments?: { captures?: PaypalCapture[] };
}

export interface PaypalOrder {
  id: string;
  status: PaypalOrderStatus;
  intent?: 'CAPTURE' | 'AUTHORIZE';
  purchase_units?: PaypalPurchaseUnit[];
  links?: PaypalLink[];
  create_time?: string;
  update_time?: string;
}

/** POST /v2/checkout/orders, intent CAPTURE, PayPal wallet as the payment source. */
export interface PaypalCreateOrderRequest {
  intent: 'CAPTURE';
  purchase_units: Array<{
    reference_id: string;
    custom_id: string;
    invoice_id: string;
    description?: string;
    amount: PaypalMoney;
  }>;
  payment_source: {
    paypal: {
      experience_context: {
        return_url: string;
        cancel_url: string;
        user_action: 'PAY_NOW' | 'CONTINUE';
        shipping_preference: 'NO_SHIPPING' | 'GET_FROM_FILE' | 'SET_PROVIDED_ADDRESS';
        locale?: string;
        brand_name?: string;
      };
    };
  };
}

/** POST /v2/payments/captures/{id}/refund. */
export interface PaypalRefundRequest {
  amount: PaypalMoney;
}

export interface PaypalRefund {
  id: string;
  status: 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';
  amount?: PaypalMoney;
  links?: PaypalLink[];
}

/** PayPal's error body: `{ name, message, debug_id, details: [{ issue, description }] }`. */
export interface PaypalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: Array<{ field?: string; value?: string; location?: string; issue?: string; description?: string }>;
  /** OAuth2 (identity) errors use these instead. */
  error?: string;
  error_description?: string;
}

/** A webhook event notification (Notifications v1). */
export interface PaypalWebhookEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  event_version?: string;
  resource_version?: string;
  create_time?: string;
  summary?: string;
  resource?: unknown;
}

/** POST /v1/notifications/verify-webhook-signature. */
export interface PaypalVerifyWebhookSignatureRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: PaypalWebhookEvent;
}

export interface PaypalVerifyWebhookSignatureResponse {
  verification_status: 'SUCCESS' | 'FAILURE';
}
