import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PIN_LENGTH } from '@vitrina/contracts';

/** 6 digits from the CSPRNG (issue 3: PIN from crypto.randomInt), leading zeros kept. */
export function generatePin(): string {
  return randomInt(0, 10 ** PIN_LENGTH)
    .toString()
    .padStart(PIN_LENGTH, '0');
}

/** 256 random bits, base64url: refresh tokens, activation keys, registration and reset request codes. */
export function generateOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 for high-entropy random tokens (a keyed hash adds nothing there; lookups stay indexable). */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Keyed hashes of low-entropy secrets (6-digit codes) and of activation keys: HMAC-SHA256 with keys derived
 * (HKDF) from ACCOUNTS_PIN_SECRET, so a copy of the database alone cannot test the 10^6 possible PINs.
 * A code is bound to its row id, so the same PIN issued twice never hashes alike.
 */
export class CodeHasher {
  private readonly pinKey: Buffer;
  private readonly linkKey: Buffer;

  constructor(secret: string) {
    this.pinKey = Buffer.from(hkdfSync('sha256', secret, 'vitrina-accounts', 'one-time-code v1', 32));
    this.linkKey = Buffer.from(hkdfSync('sha256', secret, 'vitrina-accounts', 'activation-key v1', 32));
  }

  code(codeId: string, code: string): string {
    return createHmac('sha256', this.pinKey).update(`${codeId}:${code}`, 'utf8').digest('base64url');
  }

  matches(codeId: string, code: string, stored: string): boolean {
    return safeEqual(this.code(codeId, code), stored);
  }

  linkKeyHash(key: string): string {
    return createHmac('sha256', this.linkKey).update(key, 'utf8').digest('base64url');
  }
}

/**
 * Seals `plaintext` with AES-256-GCM under a key derived (HKDF) from a high-entropy token the client holds, bound to
 * `context` (a row id). Used to keep a rotated refresh token's successor for the grace window without storing it in
 * clear: the database alone (which keeps only SHA-256 of tokens) cannot open it; only whoever presents the old token.
 */
export function sealWithToken(token: string, context: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(token, context), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** Opens what `sealWithToken` sealed; undefined when the token, the context or the sealed text do not match. */
export function openWithToken(token: string, context: string, sealed: string): string | undefined {
  const parts = sealed.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const [iv, body, tag] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
    const decipher = createDecipheriv('aes-256-gcm', tokenKey(token, context), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

function tokenKey(token: string, context: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, 'vitrina-accounts', `sealed-by-token v1:${context}`, 32));
}
