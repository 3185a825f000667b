import type { JsonSchema, Operation } from './openapi-operations.js';
import { sample } from './openapi-operations.js';

/**
 * Malformed variants of one operation's request (issue 9 item 2): wrong types, explicit nulls per field, NUL,
 * lone surrogates, bytes that are not UTF-8, 10k-char strings, deep nesting, wrong content types, prototype
 * keys, huge numbers and NaN-ish strings, arrays for objects, empty bodies, bad path parameters and query
 * values. Deterministic: a fixed-seed generator picks the per-field kinds when an operation has many fields.
 */

export interface FuzzRequest {
  /** Variant name, reported with the operation when an answer breaks a rule. */
  variant: string;
  method: string;
  /** Path and query, already encoded (may hold deliberately bad escapes). */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Values for path parameters, by name, for a URL that reaches validation (the owner's real ids). */
export type PathValues = (op: Operation, name: string) => string;

const NUL = '%00';
const ENCODED_SURROGATE = '%ED%A0%80';
const BAD_UTF8 = '%C3%28';
const LONG = 'a'.repeat(10_000);

/** Deterministic pseudo-random numbers (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function buildPath(op: Operation, values: PathValues, override?: { name: string; raw: string }): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    override?.name === name ? override.raw : encodeURIComponent(values(op, name)),
  );
}

export function queryOf(op: Operation, override?: { name: string; raw: string }): string {
  const parts: string[] = [];
  for (const p of op.query) {
    if (override?.name === p.name) parts.push(`${encodeURIComponent(p.name)}=${override.raw}`);
    else if (p.required) parts.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(String(sample(p.schema)))}`);
  }
  if (override && !op.query.some((p) => p.name === override.name)) parts.push(`${override.name}=${override.raw}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

const JSON_TYPE = 'application/json';

/** A JSON text in which `"__FUZZ__"` marks where raw bytes go (for bytes JSON.stringify cannot write). */
function withRawBytes(text: string, bytes: Buffer): Buffer {
  const [before, after] = text.split('"__FUZZ__"');
  return Buffer.concat([Buffer.from(before), Buffer.from('"a'), bytes, Buffer.from('b"'), Buffer.from(after ?? '')]);
}

function deep(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

/**
 * `validBase`: a body the operation accepts (learned by the caller from its validation answers), so each per-field
 * variant differs from an accepted request in that field alone and reaches the handler when validation lets it through.
 */
export function variantsOf(op: Operation, values: PathValues, seed: number, validBase?: Record<string, unknown>): FuzzRequest[] {
  const random = seeded(seed);
  const out: FuzzRequest[] = [];
  const path = buildPath(op, values);
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const base = hasBody ? (validBase ?? (op.bodySchema ? sample(op.bodySchema) : {})) : undefined;
  const baseObject = typeof base === 'object' && base !== null && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  const add = (variant: string, init: Partial<FuzzRequest> & { url?: string }) =>
    out.push({
      variant,
      method: init.method ?? op.method,
      url: init.url ?? `${path}${queryOf(op)}`,
      headers: init.headers ?? {},
      body: init.body,
    });
  const json = (variant: string, value: unknown) =>
    add(variant, { headers: { 'content-type': JSON_TYPE }, body: Buffer.from(JSON.stringify(value)) });
  const rawJson = (variant: string, text: string | Buffer) =>
    add(variant, { headers: { 'content-type': JSON_TYPE }, body: Buffer.isBuffer(text) ? text : Buffer.from(text) });

  // Bad path parameters: each one NUL, an encoded lone surrogate, bytes that are not UTF-8, 10k chars, a dot segment.
  for (const name of op.pathParams) {
    add(`path ${name}: NUL`, { url: `${buildPath(op, values, { name, raw: `a${NUL}b` })}${queryOf(op)}` });
    add(`path ${name}: lone surrogate`, { url: `${buildPath(op, values, { name, raw: ENCODED_SURROGATE })}${queryOf(op)}` });
    add(`path ${name}: invalid UTF-8`, { url: `${buildPath(op, values, { name, raw: BAD_UTF8 })}${queryOf(op)}` });
    add(`path ${name}: 10k chars`, { url: `${buildPath(op, values, { name, raw: LONG })}${queryOf(op)}` });
    add(`path ${name}: dot segment`, { url: `${buildPath(op, values, { name, raw: '..' })}${queryOf(op)}` });
    add(`path ${name}: colons`, { url: `${buildPath(op, values, { name, raw: 'a:b:c' })}${queryOf(op)}` });
  }

  // Query values: declared parameters (or a made-up one) with each bad kind.
  const queryNames = op.query.length ? op.query.map((p) => p.name) : ['q'];
  for (const name of queryNames) {
    for (const [kind, raw] of [
      ['NUL', `a${NUL}b`],
      ['lone surrogate', ENCODED_SURROGATE],
      ['invalid UTF-8', BAD_UTF8],
      ['10k chars', LONG],
      ['NaN', 'NaN'],
      ['huge number', '1e999'],
      ['negative', '-9007199254740993'],
      ['bracket object', `x&${encodeURIComponent(name)}[a]=1`],
    ] as const) {
      add(`query ${name}: ${kind}`, { url: `${path}${queryOf(op, { name, raw })}` });
    }
    add(`query ${name}: repeated`, { url: `${path}${queryOf(op, { name, raw: `1&${encodeURIComponent(name)}=2` })}` });
  }

  // Headers: a non-opaque header with bytes that are not UTF-8 (sent as latin1 chars).
  add('header accept-language: invalid UTF-8', { headers: { 'accept-language': 'es\u00ff\u00fe' } });
  add('header user-agent: invalid UTF-8', { headers: { 'user-agent': 'fuzz \u00c3\u0028' } });
  add('header if-none-match: 8k chars', { headers: { 'if-none-match': `"${'e'.repeat(8_000)}"` } });
  add('header accept: xml only', { headers: { accept: 'application/xml' } });
  add('query: prototype keys', {
    url: `${path}${queryOf(op)}${op.query.some((p) => p.required) ? '&' : '?'}__proto__[x]=1&constructor[prototype][y]=1`,
  });
  add('query: NUL in a parameter name', { url: `${path}${queryOf(op)}${op.query.some((p) => p.required) ? '&' : '?'}a${NUL}b=1` });

  // Bodies: every operation gets them, including GET/DELETE (a body where none is expected must not break anything).
  rawJson('body: empty', '');
  rawJson('body: not JSON', '{"a":');
  json('body: null', null);
  json('body: array for object', [baseObject]);
  json('body: string', 'fuzz');
  json('body: huge number', 1e308);
  rawJson('body: 65 levels deep', `{"a":${deep(64)}}`);
  rawJson('body: 100,000 levels deep', deep(100_000));
  rawJson('body: __proto__ key', `{"__proto__":{"polluted":true},${JSON.stringify(baseObject).slice(1)}`.replace(',}', '}'));
  rawJson('body: constructor.prototype key', JSON.stringify({ ...baseObject, constructor: { prototype: { polluted: true } } }));
  rawJson('body: invalid UTF-8 bytes', withRawBytes(JSON.stringify({ ...baseObject, fuzz: '__FUZZ__' }), Buffer.from([0xc3, 0x28, 0xff])));
  json('body: NUL in an unknown field', { ...baseObject, ['a\u0000b']: 'c\u0000d' });
  add('body: wrong content type (text/plain)', {
    headers: { 'content-type': 'text/plain' },
    body: Buffer.from(JSON.stringify(baseObject)),
  });
  add('body: wrong content type (xml)', { headers: { 'content-type': 'application/xml' }, body: Buffer.from('<a>1</a>') });
  add('body: multipart without boundary', { headers: { 'content-type': 'multipart/form-data' }, body: Buffer.from('--x\r\n') });
  add('body: truncated multipart', {
    headers: { 'content-type': 'multipart/form-data; boundary=fuzz' },
    body: Buffer.from('--fuzz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG'),
  });
  add('body: multipart with a text part only', {
    headers: { 'content-type': 'multipart/form-data; boundary=fuzz' },
    body: Buffer.from('--fuzz\r\nContent-Disposition: form-data; name="name"\r\n\r\na\u0000b\r\n--fuzz--\r\n'),
  });

  // Per field of the JSON body: an explicit null for every field, then a seeded pick of the other kinds.
  const fields = Object.entries(op.bodySchema?.properties ?? {});
  for (const [field] of fields) json(`field ${field}: null`, { ...baseObject, [field]: null });
  const kinds: Array<[string, (schema: JsonSchema) => unknown]> = [
    ['NUL', () => 'a\u0000b'],
    ['lone surrogate', () => 'a\ud800b@example.com'],
    ['10k chars', () => LONG],
    ['wrong type (object)', () => ({ a: 1 })],
    ['wrong type (number)', () => 12345],
    ['array for object', (s) => [sample(s)]],
    ['huge number', () => 1e308],
    ['NaN-ish string', () => 'NaN'],
    ['beyond safe integer', () => 9007199254740993n],
    ['deep nesting', () => 'DEEP'],
    ['boolean', () => false],
    ['negative', () => -1],
  ];
  const perField = Math.max(4, Math.ceil(48 / Math.max(1, fields.length)));
  for (const [field, schema] of fields) {
    const picked = [...kinds].sort(() => random() - 0.5).slice(0, perField);
    for (const [kind, make] of picked) {
      const value = make(schema);
      if (value === 'DEEP')
        rawJson(`field ${field}: deep nesting`, JSON.stringify({ ...baseObject, [field]: '__DEEP__' }).replace('"__DEEP__"', deep(80)));
      else if (typeof value === 'bigint')
        rawJson(`field ${field}: ${kind}`, JSON.stringify({ ...baseObject, [field]: '__BIG__' }).replace('"__BIG__"', value.toString()));
      else json(`field ${field}: ${kind}`, { ...baseObject, [field]: value });
    }
  }
  // Bodies were only meaningful for operations that take one; GET/DELETE keep a few to prove they are harmless.
  return hasBody ? out : out.filter((r) => !r.variant.startsWith('field ') && !/multipart|xml/.test(r.variant));
}
