import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { index, integer, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { getAuthUser } from '../auth/decorators.js';
import type { Db } from '../db/database.js';
import { PreparedSql } from '../db/prepared-sql.js';
import { ApiRefusals } from './api-answer.js';
import { DomainError, ValidationError } from './errors.js';
import { toErrorResponse } from './exception.filter.js';

/**
 * Idempotency-Key (ARCHITECTURE §8, Stripe's semantics) for every service: keys are scoped per user, kept 24 h and
 * bound to the request (method, route, path parameters, body). Same key and request → the stored answer, byte for
 * byte (refusals included: a 4xx is an answer too); same key while the first call runs → 409
 * `idempotency_key_in_flight`; same key, other request → 422 `idempotency_key_reused`. A call that failed
 * unexpectedly (5xx) leaves nothing stored, so the client may retry with the same key; a call whose process died
 * holds its key for IN_FLIGHT_LEASE_MS at most, then the same request may take it over.
 *
 * A service adds the table to its schema (`idempotencyKeys = idempotencyKeysTable('<schema>')`), provides
 * `{ provide: IdempotencyStore, inject: [DB], useFactory: (db) => new IdempotencyStore(db, idempotencyKeys) }`
 * and marks routes with `@Idempotent()`.
 */

/** @HttpCode's metadata key (@nestjs/common constants). */
const HTTP_CODE_METADATA = '__httpCode__';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long an answer may take before a retry with the same key and body may run it again (a dead process). */
export const IN_FLIGHT_LEASE_MS = 60_000;
export const IdempotencyErrorCodes = {
  inFlight: 'idempotency_key_in_flight',
  reused: 'idempotency_key_reused',
  invalid: 'invalid_idempotency_key',
} as const;

/** The table of stored answers, created in the service's own schema (spread into its `src/db/schema.ts`). */
export function idempotencyKeysTable(schemaName: string) {
  return pgSchema(schemaName).table(
    'idempotency_keys',
    {
      userId: text('user_id').notNull(),
      key: text('key').notNull(),
      requestHash: text('request_hash').notNull(),
      /** in_flight | done */
      status: text('status').notNull(),
      responseStatus: integer('response_status'),
      /** The answer's body exactly as sent. */
      responseBody: text('response_body'),
      lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [uniqueIndex('idempotency_keys_user_key_uq').on(t.userId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
  );
}
export type IdempotencyKeysTable = ReturnType<typeof idempotencyKeysTable>;

export type IdempotencyClaim =
  { kind: 'run' } | { kind: 'replay'; status: number; body: string } | { kind: 'in_flight' } | { kind: 'reused' };

/** The storage side, usable without Nest (a job, a consumer) as well as through the interceptor. */
export class IdempotencyStore {
  /** The claim and the completion run on every idempotent call: built once (PreparedSql), not per call. */
  private readonly take: PreparedSql<{
    userId: string;
    key: string;
    requestHash: string;
    lockedUntil: string;
    now: string;
    expired: string;
  }>;
  private readonly done: PreparedSql<{ userId: string; key: string; status: number; body: string }>;

  constructor(
    private readonly db: Db,
    readonly table: IdempotencyKeysTable,
    private readonly now: () => Date = () => new Date(),
  ) {
    const t = table;
    const p = sql.placeholder;
    this.take = new PreparedSql((db) =>
      db
        .insert(t)
        .values({
          userId: p('userId'),
          key: p('key'),
          requestHash: p('requestHash'),
          status: 'in_flight',
          lockedUntil: sql`${p('lockedUntil')}::timestamptz`,
          createdAt: sql`${p('now')}::timestamptz`,
        })
        .onConflictDoUpdate({
          target: [t.userId, t.key],
          set: {
            requestHash: sql`excluded.request_hash`,
            status: 'in_flight',
            responseStatus: sql`null`,
            responseBody: sql`null`,
            lockedUntil: sql`excluded.locked_until`,
            createdAt: sql`excluded.created_at`,
          },
          // an expired key starts over; a dead call's key is taken over by the same request once its lease ran out
          setWhere: sql`${t.createdAt} < ${p('expired')}::timestamptz or (${t.status} = 'in_flight' and ${t.lockedUntil} < ${p('now')}::timestamptz and ${t.requestHash} = excluded.request_hash)`,
        })
        .returning({ key: t.key })
        .getSQL(),
    );
    this.done = new PreparedSql((db) =>
      db
        .update(t)
        .set({ status: 'done', responseStatus: sql`${p('status')}::int`, responseBody: sql`${p('body')}::text` })
        .where(and(eq(t.userId, p('userId')), eq(t.key, p('key'))))
        .getSQL(),
    );
  }

  /** Takes the key for this request, or says what to answer instead. One statement decides between racing calls. */
  async claim(userId: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
    const t = this.table;
    const now = this.now();
    const taken = await this.take.execute(this.db, {
      userId,
      key,
      requestHash,
      lockedUntil: new Date(now.getTime() + IN_FLIGHT_LEASE_MS).toISOString(),
      now: now.toISOString(),
      expired: new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString(),
    });
    if (taken.length > 0) return { kind: 'run' };
    const [row] = await this.db
      .select()
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.key, key)));
    if (!row) return this.claim(userId, key, requestHash); // removed between the two statements (a failed call)
    if (row.requestHash !== requestHash) return { kind: 'reused' };
    if (row.status !== 'done' || row.responseStatus === null || row.responseBody === null) return { kind: 'in_flight' };
    return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
  }

  async complete(userId: string, key: string, status: number, body: string): Promise<void> {
    await this.done.execute(this.db, { userId, key, status, body });
  }

  /** Forgets a call that failed unexpectedly, so a retry with the same key runs it again. */
  async abandon(userId: string, key: string): Promise<void> {
    const t = this.table;
    await this.db.delete(t).where(and(eq(t.userId, userId), eq(t.key, key), eq(t.status, 'in_flight')));
  }

  /** Deletes keys older than 24 h (optional housekeeping: an expired key is also overwritten on reuse). */
  async prune(): Promise<number> {
    const t = this.table;
    const rows = await this.db
      .delete(t)
      .where(sql`${t.createdAt} < ${new Date(this.now().getTime() - IDEMPOTENCY_TTL_MS).toISOString()}`)
      .returning({ key: t.key });
    return rows.length;
  }
}

/** Keys sorted, so `{a, b}` and `{b, a}` are the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest('base64url');
}

/** A stored refusal replayed as it was first answered (the filter writes code, message, then the other keys). */
class StoredRefusal extends DomainError {
  constructor(status: number, body: string) {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const { code, message, fields, ...details } = parsed;
    super(String(code), String(message), status, fields as Record<string, string[]> | undefined);
    this.details = details;
  }
}

/**
 * The key a running idempotent call holds, for a handler whose work is one statement: it may write the key's answer in
 * that statement (`completion`), so the answer commits with the work (one round trip less, and no window in which the
 * work is done and its key still in flight: a retry after a crash there would run the work's checks against the new
 * state and answer something else). The handler then answers that very value: the interceptor sees it already
 * stored, byte for byte, and writes nothing. An answer it would store differently (the statement wrote nothing, or the
 * handler answered another value) it stores as usual, but a retry arriving between the two writes would be answered
 * the first one: answer what was stored.
 */
export class ActiveIdempotencyKey {
  private stored: string | undefined;

  constructor(
    readonly userId: string,
    readonly key: string,
    /** The status the call answers when it succeeds. */
    readonly status: number,
    private readonly table: IdempotencyKeysTable,
  ) {}

  /**
   * An UPDATE storing the call's answer as this key's answer when `when` holds, for a data-modifying CTE of the
   * statement that does the work, built once (`PreparedSql`): placeholders stand for this call's values
   * (`idempotencyUserId`, `idempotencyKey`, `idempotencyStatus`, `idempotencyBody`), so its text is the same for every
   * call of the service; `completionValues(answer)` gives them. Call `completed()` once that statement wrote it.
   */
  completionTemplate(when: SQL): SQL {
    const t = this.table;
    const p = sql.placeholder;
    return sql`update ${t} set ${sql.identifier(t.status.name)} = 'done', ${sql.identifier(t.responseStatus.name)} = ${p('idempotencyStatus')}::int, ${sql.identifier(t.responseBody.name)} = ${p('idempotencyBody')}::text
        where ${sql.identifier(t.userId.name)} = ${p('idempotencyUserId')}::text and ${sql.identifier(t.key.name)} = ${p('idempotencyKey')}::text and ${when}`;
  }

  /** The values of `completionTemplate`'s placeholders that store `answer`, and the body stored (for `completed`). */
  completionValues(answer: unknown): { values: Record<string, unknown>; body: string } {
    const body = answer === undefined ? '' : JSON.stringify(answer);
    return {
      body,
      values: { idempotencyStatus: this.status, idempotencyBody: body, idempotencyUserId: this.userId, idempotencyKey: this.key },
    };
  }

  /** The statement carrying `completionTemplate(...)` committed with its condition true: `body` is the stored answer. */
  completed(body: string): void {
    this.stored = body;
  }

  /** Whether `body` is already the stored answer. */
  holds(body: string): boolean {
    return this.stored === body;
  }
}

const activeKeys = new AsyncLocalStorage<ActiveIdempotencyKey>();

/** The Idempotency-Key the current call holds (inside an `@Idempotent()` handler that got to run), if any. */
export function activeIdempotencyKey(): ActiveIdempotencyKey | undefined {
  return activeKeys.getStore();
}

@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const header = request.headers[IDEMPOTENCY_HEADER];
    const user = getAuthUser(request);
    if (header === undefined || !user) return next.handle();
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
      throw new ValidationError('Idempotency-Key must be 1-255 visible ASCII characters', undefined, IdempotencyErrorCodes.invalid);
    }
    const reply = http.getResponse<FastifyReply>();
    const status =
      (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined) ?? (request.method === 'POST' ? 201 : 200);
    const hash = requestHash(request.method, request.url.split('?')[0] ?? '', request.body);
    return from(this.run(user.id, key, hash, status, reply, next));
  }

  private async run(userId: string, key: string, hash: string, status: number, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    const claim = await this.store.claim(userId, key, hash);
    if (claim.kind === 'reused') {
      throw new DomainError(IdempotencyErrorCodes.reused, 'This Idempotency-Key was used with another request', 422);
    }
    if (claim.kind === 'in_flight') {
      throw new DomainError(IdempotencyErrorCodes.inFlight, 'A request with this Idempotency-Key is still running', 409);
    }
    if (claim.kind === 'replay') {
      void reply.header('idempotent-replayed', 'true');
      if (claim.status >= 400) throw new StoredRefusal(claim.status, claim.body);
      void reply.header('content-type', 'application/json; charset=utf-8');
      return claim.body;
    }
    let value: unknown;
    const active = new ActiveIdempotencyKey(userId, key, status, this.store.table);
    try {
      value = await activeKeys.run(active, () => lastValueFrom(next.handle(), { defaultValue: undefined }));
    } catch (err) {
      const answer = err instanceof DomainError && err.status >= 400 && err.status < 500 ? toErrorResponse(err) : undefined;
      if (answer) await this.store.complete(userId, key, answer.status, JSON.stringify(answer.body));
      else await this.store.abandon(userId, key);
      throw err;
    }
    const body = value === undefined ? '' : JSON.stringify(value);
    if (!active.holds(body)) await this.store.complete(userId, key, status, body);
    return value;
  }
}

/** Marks a route as accepting `Idempotency-Key` (the service provides IdempotencyStore). */
export const Idempotent = (): MethodDecorator =>
  applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: 'Same key and body within 24 h → the stored answer; in flight → 409; other body → 422',
    }),
    ApiRefusals(409, 422),
  );

/**
 * The request's `Idempotency-Key` header as a handler parameter, for a route that applies the key itself (a unique
 * index of its own). Unlike `@Headers('idempotency-key')`, it adds nothing to the OpenAPI, where Nest would declare
 * the header required: declare it with `@Idempotent()` or an `@ApiHeader` marked optional.
 */
export const IdempotencyKeyHeader = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<FastifyRequest>().headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' ? value : undefined;
});
