/**
 * Merges the services' OpenAPI documents into the one public description (docs/architecture.md §4): every path
 * gets the `/api` prefix the gateway serves it under, operations are tagged by service, and components are
 * merged. Two services defining the same component name differently both get a service prefix
 * (`Money` -> `CatalogueMoney`, `StoreMoney`) with their `$ref`s rewritten; identical definitions stay shared.
 * Every operation also carries the answers the gateway and the platform may give on any route, whatever the
 * service declares (`GATEWAY_ANSWERS`: 429, 502, 503, 504, all `{ code, message }`, `Retry-After` where it is sent).
 * No I/O, inputs are not mutated.
 */

import { ApiErrorSchema } from '@vitrina/contracts';
import { attachAnswerComponents, openApiSchemaOf } from '@vitrina/platform';

export type JsonObject = { [key: string]: unknown };

export interface OpenApiDocument extends JsonObject {
  openapi?: string;
  info?: JsonObject;
  paths?: Record<string, JsonObject>;
  components?: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string; description?: string }>;
}

export interface ServiceDocument {
  service: string;
  document: OpenApiDocument;
}

export interface MergeOptions {
  title?: string;
  version?: string;
  /** Public prefix of every path. */
  pathPrefix?: string;
  /** Services whose description could not be fetched; listed under `x-unavailable-services`. */
  unavailable?: string[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const LOCAL_REF = /^#\/components\/([A-Za-z]+)\/(.+)$/;

type Renames = Map<string, string>; // "kind/name" -> new name

/**
 * The refusal body every service declares (`ApiError` of @vitrina/contracts), as a reference; its component is added
 * from the same schema (`attachAnswerComponents`) when no service's document brought it.
 */
const API_ERROR_REF = openApiSchemaOf(ApiErrorSchema);
const RETRY_AFTER = 'RetryAfter';
const RETRY_AFTER_HEADER = {
  description:
    "Seconds to wait before trying again: sent with the rate limits' 429 and with the 503 of a database or Redis out of reach or saturated (another 503 may leave it out)",
  schema: { type: 'integer', minimum: 1 },
};

/**
 * Answers any operation may give through the gateway: the gateway's rate limits (429, before the service is reached),
 * a service that cannot be reached (502) or does not answer in time (504), and a service whose database or Redis is
 * out of reach or saturated (503, libs/platform http/exception.filter.ts). A service's own description of one of these
 * statuses is kept; `Retry-After` is added to its 429 and 503 when missing.
 */
const GATEWAY_ANSWERS: Record<string, { description: string; retryAfter: boolean }> = {
  429: { description: 'Too many requests from this client or user (`rate_limited`): wait `Retry-After` seconds', retryAfter: true },
  502: { description: 'The service behind this route cannot be reached (`service_unavailable`)', retryAfter: false },
  503: {
    description: 'The service or its database is out of reach or saturated (`service_unavailable`): try again after `Retry-After` seconds',
    retryAfter: true,
  },
  504: { description: 'The service did not answer in time (`upstream_timeout`)', retryAfter: false },
};

export function mergeOpenApi(inputs: readonly ServiceDocument[], options: MergeOptions = {}): OpenApiDocument {
  const prefix = options.pathPrefix ?? '/api';
  const renames = planRenames(inputs);
  const components: Record<string, Record<string, unknown>> = {};
  const paths: Record<string, JsonObject> = {};
  const operationIds = new Set<string>();
  let operations = 0;

  for (const { service, document } of inputs) {
    const rename = renames.get(service)!;
    for (const [kind, entries] of Object.entries(document.components ?? {})) {
      if (!isObject(entries)) continue;
      const target = (components[kind] ??= {});
      for (const [name, definition] of Object.entries(entries)) {
        const newName = rename.get(`${kind}/${name}`) ?? name;
        if (!(newName in target)) target[newName] = rewriteRefs(definition, rename);
      }
    }
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if (!isObject(item)) continue;
      const publicPath = `${prefix}${path.startsWith('/') ? '' : '/'}${path}`;
      const merged = (paths[publicPath] ??= {});
      const rewritten = rewriteRefs(item, rename) as JsonObject;
      for (const [key, value] of Object.entries(rewritten)) {
        if (!(HTTP_METHODS as readonly string[]).includes(key) || !isObject(value)) {
          if (!(key in merged)) merged[key] = value;
          continue;
        }
        merged[key] = withGatewayAnswers(tagOperation(value, service, operationIds, rename));
        operations++;
      }
    }
  }

  const services = inputs.map((i) => i.service);
  const merged: OpenApiDocument = {
    openapi: inputs.find((i) => typeof i.document.openapi === 'string')?.document.openapi ?? '3.0.0',
    info: { title: options.title ?? 'Vitrina API', version: options.version ?? '1' },
    tags: [...services, ...(options.unavailable ?? [])].map((name) => ({ name, description: `Vitrina ${name} service` })),
    paths: sortKeys(paths),
    components: operations === 0 ? components : { ...components, headers: { ...components.headers, [RETRY_AFTER]: RETRY_AFTER_HEADER } },
  };
  attachAnswerComponents(merged);
  merged.components = Object.fromEntries(Object.entries(merged.components!).map(([kind, entries]) => [kind, sortKeys(entries)]));
  if (options.unavailable?.length) merged['x-unavailable-services'] = [...options.unavailable];
  return merged;
}

/**
 * Decides which component names need a service prefix. A name defined by several services stays shared
 * only if every definition is identical once its own references are renamed; since renaming one component
 * can make another differ, this runs until nothing changes.
 */
function planRenames(inputs: readonly ServiceDocument[]): Map<string, Renames> {
  const definers = new Map<string, string[]>(); // "kind/name" -> services
  for (const { service, document } of inputs) {
    for (const [kind, entries] of Object.entries(document.components ?? {})) {
      if (!isObject(entries)) continue;
      for (const name of Object.keys(entries)) {
        const key = `${kind}/${name}`;
        definers.set(key, [...(definers.get(key) ?? []), service]);
      }
    }
  }
  const documents = new Map(inputs.map((i) => [i.service, i.document]));
  const colliding = new Set<string>();
  const build = (): Map<string, Renames> => {
    const taken = new Set(definers.keys());
    const out = new Map<string, Renames>(inputs.map((i) => [i.service, new Map()]));
    for (const key of [...colliding].sort()) {
      const [kind, name] = splitKey(key);
      for (const service of definers.get(key)!) {
        let candidate = `${pascal(service)}${name}`;
        for (let n = 2; taken.has(`${kind}/${candidate}`); n++) candidate = `${pascal(service)}${name}${n}`;
        taken.add(`${kind}/${candidate}`);
        out.get(service)!.set(key, candidate);
      }
    }
    return out;
  };
  for (let changed = true; changed;) {
    changed = false;
    const renames = build();
    for (const [key, services] of definers) {
      if (services.length < 2 || colliding.has(key)) continue;
      const [kind, name] = splitKey(key);
      const shapes = services.map((s) => canonical(rewriteRefs(documents.get(s)!.components![kind][name], renames.get(s)!)));
      if (shapes.some((shape) => shape !== shapes[0])) {
        colliding.add(key);
        changed = true;
      }
    }
  }
  return build();
}

function tagOperation(operation: JsonObject, service: string, operationIds: Set<string>, rename: Renames): JsonObject {
  const out: JsonObject = { ...operation, tags: [service] };
  if (Array.isArray(operation.tags) && operation.tags.some((t) => t !== service)) out['x-service-tags'] = operation.tags;
  if (typeof operation.operationId === 'string') {
    let id = operation.operationId;
    if (operationIds.has(id)) id = `${service}_${id}`;
    for (let n = 2; operationIds.has(id); n++) id = `${service}_${operation.operationId}_${n}`;
    operationIds.add(id);
    out.operationId = id;
  }
  if (Array.isArray(operation.security)) out.security = operation.security.map((req) => renameSecurity(req, rename));
  return out;
}

function withGatewayAnswers(operation: JsonObject): JsonObject {
  const responses: JsonObject = isObject(operation.responses) ? { ...operation.responses } : {};
  const error = { 'application/json': { schema: API_ERROR_REF } };
  const retryAfter = { 'Retry-After': { $ref: `#/components/headers/${RETRY_AFTER}` } };
  for (const [status, answer] of Object.entries(GATEWAY_ANSWERS)) {
    const declared = responses[status];
    if (!isObject(declared)) {
      responses[status] = { description: answer.description, ...(answer.retryAfter ? { headers: retryAfter } : {}), content: error };
    } else if (answer.retryAfter && !(isObject(declared.headers) && 'Retry-After' in declared.headers)) {
      responses[status] = { ...declared, headers: { ...(isObject(declared.headers) ? declared.headers : {}), ...retryAfter } };
    }
  }
  return { ...operation, responses };
}

/** Security requirements name their schemes by key, not by $ref. */
function renameSecurity(requirement: unknown, rename: Renames): unknown {
  if (!isObject(requirement)) return requirement;
  return Object.fromEntries(Object.entries(requirement).map(([name, scopes]) => [rename.get(`securitySchemes/${name}`) ?? name, scopes]));
}

/** A deep copy in which every local component reference (`$ref`, discriminator mappings) follows `rename`. */
function rewriteRefs(value: unknown, rename: Renames): unknown {
  if (typeof value === 'string') {
    const m = LOCAL_REF.exec(value);
    if (!m) return value;
    const name = m[2].replace(/~1/g, '/').replace(/~0/g, '~');
    const renamed = rename.get(`${m[1]}/${name}`);
    return renamed ? `#/components/${m[1]}/${renamed.replace(/~/g, '~0').replace(/\//g, '~1')}` : value;
  }
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, rename));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteRefs(v, rename)]));
  return value;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (isObject(v) ? sortKeys(v) : v));
}

function sortKeys<T>(obj: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function splitKey(key: string): [string, string] {
  const i = key.indexOf('/');
  return [key.slice(0, i), key.slice(i + 1)];
}

function pascal(service: string): string {
  return service.replace(/(^|[-_])([a-z0-9])/g, (_m, _sep: string, c: string) => c.toUpperCase());
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
