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

/** Whole seconds left before `deadline` at `now` (never negative). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** `mm:ss`, or `h:mm:ss` from an hour up. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${String(minutes).padStart(2, '0')}:${rest}`;
}

/** The last minutes are shown in a warning colour. */
export const COUNTDOWN_WARNING_SECONDS = 120;
