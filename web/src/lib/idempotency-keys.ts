/**
 * ARCHITECTURE §8 Idempotency-Key: one key per user action (a checkout step, a payment). A retry of the same action
 * with the same body (the answer never came, the server was in trouble, or the payment's 55 s fallback fired) reuses
 * its key, so the server answers it, and a provider charges, at most once; another action, or the same one after it
 * was answered, gets a new key. Shared by the checkout and payments features.
 */
export class IdempotencyKeys {
  private readonly pending = new Map<string, { body: string; key: string }>();

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key for `action` with this body: the pending one when the body is the same, else a new one. */
  keyFor(action: string, body: unknown): string {
    const serialized = JSON.stringify(body ?? null);
    const current = this.pending.get(action);
    if (current && current.body === serialized) return current.key;
    const key = this.newKey();
    this.pending.set(action, { body: serialized, key });
    return key;
  }

  /** The action was answered (success or a refusal a retry would repeat): its next attempt is new. */
  settle(action: string): void {
    this.pending.delete(action);
  }

  isPending(action: string): boolean {
    return this.pending.has(action);
  }
}

/** A refusal that a retry with the same key may still turn into a success (no answer, in flight, server trouble). */
export function isRetryable(status: number, code: string): boolean {
  return status === 0 || status >= 500 || code === 'idempotency_key_in_flight';
}
