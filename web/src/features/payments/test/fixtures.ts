import type { InstalmentOption, PaymentAttempt, PaymentPage, SavedCard } from '@vitrina/contracts';

export const TOKEN = 'pay_tok_1';
export const CHECKOUT_ID = 'chk_01';
export const PAGE_PATH = `/api/payment/${TOKEN}`;

export function instalment(months: number, amountMinor: number, costPerMonth = 0): InstalmentOption {
  const financing = costPerMonth * months;
  const total = amountMinor + financing;
  const monthly = Math.ceil(total / months);
  return {
    months,
    financing_cost_minor: financing,
    total_minor: total,
    total: (total / 100).toFixed(2),
    monthly_minor: monthly,
    monthly: (monthly / 100).toFixed(2),
  };
}

export function savedCard(overrides: Partial<SavedCard> = {}): SavedCard {
  return {
    id: 'card_saved_1',
    number: '•••• 4242',
    name_on_card: 'ANA PEREZ',
    type: 'credit',
    brand: 'Visa',
    bank: 'Banco Sandbox',
    termination: '4242',
    expiry: '12/30',
    accepts_instalments: true,
    ...overrides,
  };
}

/** GET /payment/{token}: a ready checkout of $500.00 with card and SPEI by default. */
export function paymentPage(overrides: Partial<PaymentPage> = {}): PaymentPage {
  return {
    token: TOKEN,
    checkout_id: CHECKOUT_ID,
    shop_slug: 'demo',
    checkout_status: 'ready',
    purpose: 'order',
    description: null,
    amount_minor: 50000,
    amount: '500.00',
    currency: 'MXN',
    enabled_payment_types: ['card', 'spei'],
    msi_options: [],
    deferred_options: [],
    saved_cards: [],
    attempt: null,
    sandbox: true,
    expires_at: new Date(Date.now() + 900_000).toISOString(),
    ...overrides,
  };
}

export function attempt(overrides: Partial<PaymentAttempt> = {}): PaymentAttempt {
  return {
    id: 'att_1',
    checkout_id: CHECKOUT_ID,
    method: 'card',
    provider: 'sandbox',
    status: 'succeeded',
    amount_minor: 50000,
    financing_cost_minor: 0,
    total_minor: 50000,
    total: '500.00',
    currency: 'MXN',
    instalments: null,
    approval_url: null,
    url_3ds: null,
    requires_action: false,
    next_action: null,
    charge_id: 'ch_1',
    voucher: null,
    bank_transfer: null,
    error: null,
    expires_at: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

export function voucherAttempt(overrides: Partial<PaymentAttempt> = {}): PaymentAttempt {
  return attempt({
    id: 'att_cash',
    method: 'cash',
    status: 'requires_action',
    charge_id: null,
    voucher: {
      reference: '98765432101234',
      barcode: '98765432101234',
      amount_minor: 50000,
      amount: '500.00',
      currency: 'MXN',
      expires_at: '2026-11-29T18:00:00.000Z',
      stores: ['OXXO', '7-Eleven'],
    },
    expires_at: '2026-11-29T18:00:00.000Z',
    ...overrides,
  });
}

export function speiAttempt(expiresAt: string, overrides: Partial<PaymentAttempt> = {}): PaymentAttempt {
  return attempt({
    id: 'att_spei',
    method: 'spei',
    status: 'requires_action',
    charge_id: null,
    bank_transfer: {
      clabe: '646180157000000004',
      reference: '1234567',
      bank: 'STP',
      beneficiary: 'Vitrina Pagos',
      amount_minor: 50000,
      amount: '500.00',
      currency: 'MXN',
      expires_at: expiresAt,
    },
    expires_at: expiresAt,
    ...overrides,
  });
}
