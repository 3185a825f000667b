import { applyDecorators, Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, type Observable } from 'rxjs';
import { ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiErrorSchema } from '@vitrina/contracts';

/**
 * One source for what an endpoint answers (docs/conventions.md, "Adding an endpoint"): a zod schema from
 * `@vitrina/contracts` gives the handler its return type (`z.infer`) and the OpenAPI description its response
 * schema, from which the web's client types are generated.
 *
 *   @Get('shops/by-slug/:slug')
 *   @ApiAnswer(ShopSchema)                       // 200 with the schema
 *   async bySlug(...): Promise<Shop> { ... }
 *
 *   @Post(...) @ApiAnswer(ItemSchema, { status: 201 })
 *   @Delete(...) @HttpCode(204) @ApiAnswer(null, { status: 204 })
 *
 * Schemas with `.meta({ id: 'Name' })` become named components (`#/components/schemas/Name`), shared by every
 * operation that uses them; the rest is inlined. Every route must carry one (checked by `missingAnswers`).
 */

export const API_ANSWER = 'vitrina:api-answer';

export interface ApiAnswerOptions {
  /** 200 by default; 201 for creations, 204 (with `null`) for answers without a body. */
  status?: number;
  description?: string;
  /** Content type of the answer (default application/json). */
  contentType?: string;
  /** Refusal statuses the operation may answer, each described as the shared `ApiError` body (see ApiRefusals). */
  errors?: readonly number[];
}

type JsonSchema = Record<string, unknown>;

/** Named schemas met by any ApiAnswer of this process, by component name. */
const components = new Map<string, JsonSchema>();

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === '$ref' && typeof v === 'string' ? v.replace(/^#\/definitions\//, '#/components/schemas/') : rewriteRefs(v);
  }
  return out;
}

/** The OpenAPI 3.0 schema of a zod schema; named parts are registered as components. */
export function openApiSchemaOf(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io: 'output' }) as JsonSchema;
  const { definitions, ...rest } = json as JsonSchema & { definitions?: Record<string, JsonSchema> };
  for (const [name, def] of Object.entries(definitions ?? {})) {
    const rewritten = rewriteRefs(def) as JsonSchema;
    const known = components.get(name);
    if (known && JSON.stringify(known) !== JSON.stringify(rewritten)) {
      throw new Error(`two different schemas are named ${name}: give one another id`);
    }
    components.set(name, rewritten);
  }
  return rewriteRefs(rest) as JsonSchema;
}

export function ApiAnswer(schema: z.ZodType | null, options: ApiAnswerOptions = {}): MethodDecorator {
  const status = options.status ?? 200;
  const contentType = options.contentType ?? 'application/json';
  const description = options.description ?? (status === 201 ? 'Created' : status === 204 ? 'No content' : 'OK');
  const response = schema
    ? { status, description, content: { [contentType]: { schema: openApiSchemaOf(schema) } } }
    : { status, description };
  return applyDecorators(SetMetadata(API_ANSWER, { status, schema }), ApiResponse(response), ApiRefusals(...(options.errors ?? [])));
}

const REFUSALS: Record<number, string> = {
  400: 'Refused: the request is not valid (`fields` names the offending fields)',
  401: 'Not signed in, or the access token is not valid',
  403: 'The caller may not do this',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'The body is too large',
};

/**
 * Describes refusals (`{ code, message }`, the `ApiError` component) for the given statuses, on a method or a
 * controller. The auth decorators add 401/403 by themselves; give the rest per route: `@ApiRefusals(404, 409)`
 * or `@ApiAnswer(Schema, { errors: [404] })`.
 */
export function ApiRefusals(...statuses: number[]): MethodDecorator & ClassDecorator {
  const schema = openApiSchemaOf(ApiErrorSchema);
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: REFUSALS[status] ?? 'Refused', content: { 'application/json': { schema: schema } } }),
    ),
  );
}

/** Thrown (a 500) when a handler's answer does not match its ApiAnswer schema, where answers are checked. */
export class AnswerMismatchError extends Error {
  constructor(
    readonly route: string,
    readonly issues: unknown,
  ) {
    super(`answer of ${route} does not match its ApiAnswer schema: ${JSON.stringify(issues).slice(0, 2000)}`);
  }
}

/**
 * Checks every answer against its ApiAnswer schema (installed by the bootstrap outside production): in tests a
 * mismatch fails the request (500, logged with the issues), so a handler and its declared contract cannot drift.
 */
@Injectable()
export class AnswerCheckInterceptor implements NestInterceptor {
  /** `fail` (tests): the request answers 500. `log` (development): a warning, the answer goes out as it is. */
  constructor(
    private readonly reflector: Reflector,
    private readonly onMismatch: 'fail' | 'log' = 'fail',
    private readonly warn: (msg: string, issues: unknown) => void = () => undefined,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const meta = this.reflector.get<{ schema: z.ZodType | null } | undefined>(API_ANSWER, context.getHandler());
    if (!meta?.schema) return next.handle();
    const schema = meta.schema;
    return next.handle().pipe(
      map((body: unknown) => {
        // A handler may answer JSON it serialised itself (a cached page): check what the client will read.
        let value = body;
        if (typeof body === 'string' && /^\s*[[{]/.test(body)) {
          try {
            value = JSON.parse(body);
          } catch {
            value = body;
          }
        }
        const parsed = schema.safeParse(value);
        if (!parsed.success) {
          const req = context.switchToHttp().getRequest<{ method?: string; routeOptions?: { url?: string } }>();
          const mismatch = new AnswerMismatchError(`${req.method} ${req.routeOptions?.url}`, parsed.error.issues);
          if (this.onMismatch === 'fail') throw mismatch;
          this.warn(mismatch.message, parsed.error.issues);
        }
        return body;
      }),
    );
  }
}

/** Adds the named components the document's operations refer to (transitively); call after createDocument. */
export function attachAnswerComponents<T extends { components?: { schemas?: Record<string, unknown> } }>(document: T): T {
  const needed = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        const name = v.slice('#/components/schemas/'.length);
        if (!needed.has(name) && components.has(name)) {
          needed.add(name);
          visit(components.get(name));
        }
      } else visit(v);
    }
  };
  visit(document);
  if (needed.size === 0) return document;
  const schemas = { ...document.components?.schemas };
  for (const name of [...needed].sort()) schemas[name] ??= components.get(name);
  document.components = { ...document.components, schemas };
  return document;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * Operations of an OpenAPI document without a described 2xx answer: `METHOD path` for each. A 2xx answer is
 * described when it has a schema for some content type, or is a 204 / explicitly bodiless answer.
 */
export function missingAnswers(document: { paths?: Record<string, Record<string, unknown>> }): string[] {
  const missing: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> } | undefined;
      if (!op) continue;
      const ok = Object.entries(op.responses ?? {}).some(([code, res]) => {
        if (!/^2\d\d$/.test(code)) return false;
        if (code === '204' || code === '202') return true;
        return Object.values(res?.content ?? {}).some((c) => c?.schema && Object.keys(c.schema).length > 0);
      });
      if (!ok) missing.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return missing;
}
