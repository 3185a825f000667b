import { isUtf8 } from 'node:buffer';
import { MAX_JSON_DEPTH } from '@vitrina/contracts';

/**
 * Text the API refuses before any code sees it (issue 9 item 2): NUL (PostgreSQL cannot store U+0000 in
 * text) and anything that is not Unicode — lone UTF-16 surrogates and byte sequences that are not UTF-8
 * (RFC 3629 §3: surrogates encoded as UTF-8 are invalid too). Left alone, they either fail deep inside a
 * driver or validator (a 500) or are silently replaced by U+FFFD and stored.
 */

const PERCENT = 0x25;

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/**
 * Whether a raw request target (path and query, as Node hands it: one char per byte) decodes to valid
 * UTF-8 without NUL. Percent escapes are decoded byte by byte, so `%00`, `%ED%A0%80` (an encoded surrogate)
 * and `%C3%28` are caught; a `%` not followed by two hex digits stays a literal `%`.
 */
export function isCleanUrl(url: string): boolean {
  let plain = true;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === PERCENT || c === 0 || c > 0x7e) {
      plain = false;
      break;
    }
  }
  if (plain) return true;
  const raw = Buffer.from(url, 'latin1');
  const bytes = Buffer.allocUnsafe(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i];
    if (b === PERCENT && i + 2 < raw.length) {
      const hi = hexValue(raw[i + 1]);
      const lo = hexValue(raw[i + 2]);
      if (hi >= 0 && lo >= 0) {
        bytes[n++] = hi * 16 + lo;
        i += 2;
        continue;
      }
    }
    bytes[n++] = b;
  }
  const decoded = bytes.subarray(0, n);
  return !decoded.includes(0) && isUtf8(decoded);
}

/**
 * Headers whose values are opaque credentials: never decoded as text by the services (tokens and cookies have
 * their own ASCII grammars and are compared, not stored), so they are not checked.
 */
export const OPAQUE_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * Name of the first header whose value is not UTF-8 text, or undefined. Node's parser already refuses NUL and
 * other control bytes in headers; bytes above 0x7F arrive one char per byte (latin1) and must form UTF-8.
 */
export function firstUncleanHeader(headers: Record<string, string | string[] | undefined>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || OPAQUE_HEADERS.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (!isCleanHeaderValue(v)) return name;
    }
  }
  return undefined;
}

function isCleanHeaderValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0) return false;
    if (c > 0x7f) return isUtf8(Buffer.from(value, 'latin1')) && !value.includes('\0');
  }
  return true;
}

/** A JS string is clean when it has no NUL and no lone surrogate. */
export function isCleanString(value: string): boolean {
  // String.prototype.isWellFormed (ES2024) is in Node 20+; the project's TypeScript lib predates it.
  return !value.includes('\0') && (value as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/**
 * The first string (key or value) in a parsed JSON value that is not clean, as a path for the message, or
 * undefined. Recursion is safe: the body's depth was bounded before parsing.
 */
export function firstUncleanValue(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isCleanString(value) ? undefined : path || '(body)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstUncleanValue(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (!isCleanString(key)) return at.replace(/[^\x20-\x7e]/g, '?');
      const found = firstUncleanValue(v, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The first `__proto__` or `constructor.prototype` key in a parsed JSON value, or undefined. */
export function firstPrototypeKey(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = firstPrototypeKey(v);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      if (key === '__proto__') return '__proto__';
      if (key === 'constructor' && typeof v === 'object' && v !== null && Object.hasOwn(v, 'prototype')) return 'constructor.prototype';
      const found = firstPrototypeKey(v);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Whether JSON text nests arrays/objects deeper than `maxDepth`. One linear scan that skips strings (and their
 * escapes); it stops at the first level too deep, so a 100,000-level body costs microseconds.
 */
export function jsonDeeperThan(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped char
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
