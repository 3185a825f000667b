/**
 * ARCHITECTURE §8 Idempotency-Key: one key per pay action. A retry of the same action with the same body (the
 * answer never came, the server was in trouble, or the 55 s fallback fired) reuses its key, so the provider is asked
 * to charge at most once; another action, or the same one after it was answered, gets a new key. (The checkout
 * feature keeps the same small class; features do not import each other.)
 */
export class IdempotencyKeys {
  private readonly pending = new Map<string, { body: string; key: string }>();

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

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
