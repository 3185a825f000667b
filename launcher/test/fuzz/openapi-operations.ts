/**
 * Reads the merged OpenAPI description (the gateway's `/api/docs/openapi.json`) into the operations the fuzz
 * suite drives: method, path template, path/query parameters and the JSON body schema (references resolved).
 * Nothing here is specific to an endpoint, so every operation added later is fuzzed without a change here.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  required?: string[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  [key: string]: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** Public path template, e.g. `/api/store/{owner}/{scope}/store/headers/{id}`. */
  path: string;
  pathParams: string[];
  query: Parameter[];
  /** Media types the operation declares for its body. */
  bodyTypes: string[];
  /** JSON body schema, references resolved (bounded depth). */
  bodySchema?: JsonSchema;
}

type OpenApi = {
  paths?: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApi): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = [...((item as { parameters?: Parameter[] }).parameters ?? []), ...(op.parameters ?? [])];
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams,
        query: params.filter((p) => p.in === 'query'),
        bodyTypes: Object.keys(content),
        bodySchema: json ? resolve(json, doc, 0) : undefined,
      });
    }
  }
  return out;
}

/** Inlines `$ref`s and merges `allOf`, down to a few levels (DTOs are shallow). */
export function resolve(schema: JsonSchema, doc: OpenApi, depth: number): JsonSchema {
  if (depth > 6) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    return target ? resolve(target, doc, depth + 1) : {};
  }
  let out: JsonSchema = { ...schema };
  if (schema.allOf) {
    out = { ...out, allOf: undefined };
    for (const part of schema.allOf) {
      const r = resolve(part, doc, depth + 1);
      out = {
        ...r,
        ...out,
        properties: { ...r.properties, ...out.properties },
        required: [...(r.required ?? []), ...(out.required ?? [])],
      };
    }
  }
  if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, resolve(v, doc, depth + 1)]));
  if (out.items) out.items = resolve(out.items, doc, depth + 1);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const alternatives = out[key];
    if (alternatives) out[key] = alternatives.map((s) => resolve(s, doc, depth + 1));
  }
  return out;
}

/** A plausible value for a schema: its example, default or first enum value, else a value of its type. */
export function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 5) return 'x';
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (alternative) return sample(alternative, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      // A free-form object with a length bound is a nullable string described loosely (`type: object, nullable`).
      if (!schema.properties && (schema.maxLength !== undefined || schema.nullable)) return schema.nullable ? null : 'fuzz';
      return schema.properties ? Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, sample(v, depth + 1)])) : {};
    case 'string':
      if (schema.format === 'uuid') return '01930000-0000-7000-8000-00000000ffff';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/x';
      return 'fuzz';
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case undefined:
    default:
      if (schema.properties) {
        return Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, sample(v, depth + 1)]));
      }
      return type === 'object' ? {} : 'x';
  }
}
