import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What a log line or an outgoing event needs to know about the request or event being handled. */
export interface RequestContext {
  requestId: string;
  traceId: string;
  userId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The current trace id, or a new one when called outside a request (jobs, startup). */
export function currentTraceId(): string {
  return storage.getStore()?.traceId ?? randomUUID();
}
