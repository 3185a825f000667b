/**
 * spec 3 §2: a countdown to finish the purchase. The server says how many seconds were left when it answered
 * (`seconds_left`) and when the checkout expires (`expires_at`); the deadline is taken from `seconds_left` and the
 * moment the answer arrived, so a phone whose clock is wrong still counts the right time. `expires_at` is the
 * fallback when `seconds_left` is missing.
 */
export function checkoutDeadline(checkout: { expires_at: string; seconds_left?: number | null }, receivedAt: number): number {
  if (typeof checkout.seconds_left === 'number' && Number.isFinite(checkout.seconds_left)) {
    return receivedAt + Math.max(0, checkout.seconds_left) * 1000;
  }
  const parsed = Date.parse(checkout.expires_at);
  return Number.isNaN(parsed) ? receivedAt : parsed;
}

/** Whole seconds left, and the `mm:ss` / `h:mm:ss` text (web/src/lib/countdown.ts). */
export { formatClock as formatCountdown, secondsUntil as secondsLeft } from '@/lib/countdown';

/** The last minutes are shown in a warning colour. */
export const COUNTDOWN_WARNING_SECONDS = 120;
