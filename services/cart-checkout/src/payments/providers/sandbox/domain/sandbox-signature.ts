import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../../../domain/payment-provider.js';

/**
 * The sandbox's webhook signature, shaped like Stripe's: `x-sandbox-signature: t=<unix s>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">`. The timestamp is signed too, so a captured webhook cannot be replayed after the tolerance.
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signature older or newer than this (seconds) is refused. */
export const SANDBOX_SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, t: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
}

/** The header value for `body` (tests sign their own webhooks with it). `t` defaults to now, in unix seconds. */
export function signSandboxWebhook(body: string, secret: string, t: number = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Checks a signature header against the raw body with a constant-time comparison; throws WebhookSignatureError when
 * it is missing, malformed, forged or outside the tolerance around `nowSeconds`.
 */
export function verifySandboxSignature(
  rawBody: Buffer | string,
  header: string | string[] | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = SANDBOX_SIGNATURE_TOLERANCE_SECONDS,
): void {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) throw new WebhookSignatureError('The sandbox webhook carries no signature');
  let t: number | undefined;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    const v = rest.join('=');
    if (key === 't' && /^\d{1,12}$/.test(v)) t = Number(v);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(v)) signatures.push(v.toLowerCase());
  }
  if (t === undefined || signatures.length === 0) throw new WebhookSignatureError('The sandbox webhook signature is malformed');
  const expected = Buffer.from(hmac(secret, t, rawBody), 'hex');
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!matches) throw new WebhookSignatureError();
  if (Math.abs(nowSeconds - t) > toleranceSeconds) throw new WebhookSignatureError('The sandbox webhook signature is too old');
}
